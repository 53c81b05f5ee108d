import BookmarkAdd from '@mui/icons-material/BookmarkAdd';
import SaveOutlined from '@mui/icons-material/SaveOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { memo, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { useCreateReport } from '../reports/api/create-report-mutation';
import { useReport } from '../reports/api/report-query';
import { useUpdateReport } from '../reports/api/update-report-mutation';
import { ReportNameDialog } from '../reports/ReportNameDialog';
import {
  ANALYSIS_PATH,
  REPORT_PARAM,
  reportFromView,
  savedViewOf,
  showsReport,
} from '../reports/report-view';
import type { ExplorerView } from './explorer-view';

/**
 * The Explorer's link to Analysis: the name of the report the view was opened from (`report=<id>` in the
 * URL); "Save", which writes the current view (CostQuery, range preset, chart, grid) over that report when
 * the user may change it; and "Save as report" ("Save as new report" beside "Save"), which saves the view as
 * a new private report. Memoised: it renders when the view changes, not when an answer arrives.
 */
export const SaveReportBar = memo(function SaveReportBar({
  view,
  disabled,
}: {
  view: ExplorerView;
  disabled: boolean;
}) {
  const [searchParams, setSearchParams] = useSearchParams();
  const reportId = searchParams.get(REPORT_PARAM);
  const opened = useReport(reportId);
  const report = opened.data ?? null;
  const create = useCreateReport();
  const update = useUpdateReport();
  const [naming, setNaming] = useState(false);
  const [saved, setSaved] = useState<string | null>(null);
  const editable = report?.can_manage === true;
  const close = () => {
    setNaming(false);
    create.reset();
  };
  const save = (name: string) =>
    create.mutate(reportFromView(name, view), {
      onSuccess: (created) => {
        setSaved(created.name);
        close();
        setSearchParams((params) => {
          params.set(REPORT_PARAM, created.id);
          return params;
        });
      },
    });
  const saveChanges = () => {
    if (report === null) return;
    update.mutate(
      { id: report.id, body: savedViewOf(view, report.chart_type) },
      { onSuccess: (changed) => setSaved(changed.name) },
    );
  };

  return (
    <Stack spacing={1}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        {report ? (
          <Typography aria-label="Opened report">
            Report: <strong>{report.name}</strong>
          </Typography>
        ) : null}
        {editable ? (
          <Button
            variant="contained"
            size="small"
            startIcon={<SaveOutlined />}
            disabled={disabled || showsReport(report, view)}
            loading={update.isPending}
            onClick={saveChanges}
          >
            Save
          </Button>
        ) : null}
        <Button
          variant="outlined"
          size="small"
          startIcon={<BookmarkAdd />}
          disabled={disabled}
          onClick={() => setNaming(true)}
        >
          {editable ? 'Save as new report' : 'Save as report'}
        </Button>
      </Stack>
      {update.isError ? <Alert severity="error">{update.error.message}</Alert> : null}
      {saved === null ? null : (
        <Alert severity="success" onClose={() => setSaved(null)}>
          Saved "{saved}".{' '}
          <Link component={RouterLink} to={ANALYSIS_PATH}>
            Open Analysis
          </Link>{' '}
          to share or schedule it.
        </Alert>
      )}
      {naming ? (
        <ReportNameDialog
          title="Save as report"
          submitLabel="Save"
          initialName={report ? `Copy of ${report.name}` : ''}
          pending={create.isPending}
          error={create.error?.message ?? null}
          onClose={close}
          onSubmit={save}
        />
      ) : null}
    </Stack>
  );
});
