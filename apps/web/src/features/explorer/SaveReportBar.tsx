import BookmarkAdd from '@mui/icons-material/BookmarkAdd';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { useCreateReport } from '../reports/api/create-report-mutation';
import { useReport } from '../reports/api/report-query';
import { ReportNameDialog } from '../reports/ReportNameDialog';
import { ANALYSIS_PATH, REPORT_PARAM, reportFromView } from '../reports/report-view';
import type { ExplorerView } from './explorer-view';

/**
 * The Explorer's link to Analysis: the name of the report the view was opened from (`report=<id>` in the
 * URL), and "Save as report", which saves the current view (CostQuery, range preset, chart) as a private report.
 */
export function SaveReportBar({ view, disabled }: { view: ExplorerView; disabled: boolean }) {
  const [searchParams, setSearchParams] = useSearchParams();
  const reportId = searchParams.get(REPORT_PARAM);
  const opened = useReport(reportId);
  const create = useCreateReport();
  const [naming, setNaming] = useState(false);
  const [saved, setSaved] = useState<string | null>(null);
  const close = () => {
    setNaming(false);
    create.reset();
  };
  const save = (name: string) =>
    create.mutate(reportFromView(name, view), {
      onSuccess: (report) => {
        setSaved(report.name);
        close();
        setSearchParams((params) => {
          params.set(REPORT_PARAM, report.id);
          return params;
        });
      },
    });

  return (
    <Stack spacing={1}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        {opened.data ? (
          <Typography aria-label="Opened report">
            Report: <strong>{opened.data.name}</strong>
          </Typography>
        ) : null}
        <Button
          variant="outlined"
          size="small"
          startIcon={<BookmarkAdd />}
          disabled={disabled}
          onClick={() => setNaming(true)}
        >
          Save as report
        </Button>
      </Stack>
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
          initialName={opened.data ? `Copy of ${opened.data.name}` : ''}
          pending={create.isPending}
          error={create.error?.message ?? null}
          onClose={close}
          onSubmit={save}
        />
      ) : null}
    </Stack>
  );
}
