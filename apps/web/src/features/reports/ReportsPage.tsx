import type { GlobalReport, Report, ReportCreate } from '@finlens/contracts/reports';
import Add from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { useCurrentUser } from '../auth/api/current-user-query';
import { viewFromParams } from '../cost-explorer/explorer-view';
import { InformPackageGate } from '../payment/api/InformPackageGate';
import { useCreateReport } from './api/create-report-mutation';
import { useDeleteReport } from './api/delete-report-mutation';
import { useGlobalReports } from './api/global-reports-query';
import { useReports } from './api/reports-query';
import { useUpdateReport } from './api/update-report-mutation';
import { ReportNameDialog } from './ReportNameDialog';
import { ReportShareDialog } from './ReportShareDialog';
import { type ReportAction, ReportsTable, TemplatesTable } from './ReportsTable';
import { copyOf, filterReports, filterTemplates, type ReportTab, reportFromView } from './report-view';
import { SharedReportCard } from './SharedReportCard';

const TABS: { value: ReportTab; label: string }[] = [
  { value: 'mine', label: 'My reports' },
  { value: 'shared', label: 'Shared with me' },
  { value: 'global', label: 'Global templates' },
];

type Dialog =
  | { kind: 'create' }
  | { kind: 'rename'; report: Report }
  | { kind: 'duplicate'; source: Report | GlobalReport }
  | { kind: 'delete'; report: Report }
  | { kind: 'share'; report: Report }
  | null;

function tabFrom(params: URLSearchParams): ReportTab {
  return TABS.find((t) => t.value === params.get('tab'))?.value ?? 'mine';
}

/** Placeholder, empty and error states of a list. */
function ListState({
  pending,
  error,
  empty,
}: {
  pending: boolean;
  error: Error | null;
  empty: string | null;
}) {
  if (pending) return <Skeleton variant="rounded" height={160} aria-label="Loading reports" />;
  if (error) return <Alert severity="error">{error.message}</Alert>;
  if (empty === null) return null;
  return (
    <Paper variant="outlined" sx={{ p: 4, textAlign: 'center' }}>
      <Typography>{empty}</Typography>
    </Paper>
  );
}

function ReportsList() {
  const [searchParams, setSearchParams] = useSearchParams();
  const tab = tabFrom(searchParams);
  const [search, setSearch] = useState('');
  const [hidden, setHidden] = useState(false);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const userId = useCurrentUser().data?.id ?? '';
  const reports = useReports(hidden);
  const templates = useGlobalReports();
  const create = useCreateReport();
  const update = useUpdateReport();
  const remove = useDeleteReport();

  const close = () => {
    setDialog(null);
    create.reset();
    update.reset();
    remove.reset();
  };
  const saveNew = (body: ReportCreate) =>
    create.mutate(body, {
      onSuccess: (report) => {
        setNotice(`Saved "${report.name}" to My reports.`);
        close();
      },
    });
  const onAction = (action: ReportAction, report: Report) => {
    if (action === 'hide') {
      update.mutate({ id: report.id, body: { is_hidden: !report.is_hidden } });
      return;
    }
    setDialog(action === 'duplicate' ? { kind: 'duplicate', source: report } : { kind: action, report });
  };
  const chooseTab = (next: ReportTab) =>
    setSearchParams((params) => {
      params.set('tab', next);
      return params;
    });

  const shareCode = searchParams.get('share_code');
  const rows = tab === 'global' ? [] : filterReports(reports.data ?? [], tab, userId, search);
  const shownTemplates = filterTemplates(templates.data ?? [], search);
  const list = tab === 'global' ? templates : reports;
  const count = tab === 'global' ? shownTemplates.length : rows.length;
  const empty =
    count > 0
      ? null
      : search.trim() !== ''
        ? `No reports match "${search.trim()}".`
        : tab === 'global'
          ? 'No global templates.'
          : hidden
            ? 'No hidden reports.'
            : tab === 'mine'
              ? 'No reports yet. Save one from the Explorer, copy a global template, or create one here.'
              : 'Nobody has shared a report with your organisation yet.';

  return (
    <Stack spacing={2}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
        <TextField
          label="Search reports"
          type="search"
          size="small"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
        />
        {tab === 'global' ? null : (
          <FormControlLabel
            control={<Switch checked={hidden} onChange={(event) => setHidden(event.target.checked)} />}
            label="Hidden reports"
          />
        )}
        <Button variant="contained" startIcon={<Add />} onClick={() => setDialog({ kind: 'create' })}>
          New report
        </Button>
      </Stack>
      {shareCode ? <SharedReportCard code={shareCode} /> : null}
      {notice ? (
        <Alert severity="success" onClose={() => setNotice(null)}>
          {notice}
        </Alert>
      ) : null}
      {update.isError && dialog === null ? <Alert severity="error">{update.error.message}</Alert> : null}
      <Tabs value={tab} onChange={(_, next: ReportTab) => chooseTab(next)} aria-label="Report lists">
        {TABS.map((t) => (
          <Tab
            key={t.value}
            value={t.value}
            label={t.label}
            id={`tab-${t.value}`}
            aria-controls="reports-panel"
          />
        ))}
      </Tabs>
      <div role="tabpanel" id="reports-panel" aria-labelledby={`tab-${tab}`}>
        <ListState pending={list.isPending} error={list.error} empty={list.isPending ? null : empty} />
        {list.isSuccess && count > 0 ? (
          tab === 'global' ? (
            <TemplatesTable
              templates={shownTemplates}
              onCopy={(template) => setDialog({ kind: 'duplicate', source: template })}
            />
          ) : (
            <ReportsTable
              reports={rows}
              caption={tab === 'mine' ? 'My reports' : 'Shared with me'}
              onAction={onAction}
            />
          )
        ) : null}
      </div>

      {dialog?.kind === 'create' ? (
        <ReportNameDialog
          title="New report"
          submitLabel="Create"
          initialName=""
          pending={create.isPending}
          error={create.error?.message ?? null}
          onClose={close}
          onSubmit={(name) =>
            saveNew(reportFromView(name, viewFromParams(new URLSearchParams(), new Date()).view))
          }
        />
      ) : null}
      {dialog?.kind === 'duplicate' ? (
        <ReportNameDialog
          title={'id' in dialog.source ? 'Duplicate report' : 'Copy global template'}
          submitLabel={'id' in dialog.source ? 'Duplicate' : 'Copy'}
          initialName={`Copy of ${dialog.source.name}`}
          pending={create.isPending}
          error={create.error?.message ?? null}
          onClose={close}
          onSubmit={(name) => saveNew(copyOf(dialog.source, name))}
        />
      ) : null}
      {dialog?.kind === 'rename' ? (
        <ReportNameDialog
          title="Rename report"
          submitLabel="Rename"
          initialName={dialog.report.name}
          pending={update.isPending}
          error={update.error?.message ?? null}
          onClose={close}
          onSubmit={(name) => update.mutate({ id: dialog.report.id, body: { name } }, { onSuccess: close })}
        />
      ) : null}
      <ConfirmDialog
        open={dialog?.kind === 'delete'}
        title="Delete report"
        text={
          dialog?.kind === 'delete'
            ? `Delete "${dialog.report.name}"? Its schedule and share link stop working.`
            : ''
        }
        confirmLabel="Delete"
        pending={remove.isPending}
        error={remove.error?.message ?? null}
        onClose={close}
        onConfirm={() => dialog?.kind === 'delete' && remove.mutate(dialog.report.id, { onSuccess: close })}
      />
      {dialog?.kind === 'share' ? <ReportShareDialog report={dialog.report} onClose={close} /> : null}
    </Stack>
  );
}

/**
 * Analysis (/v3/reports-api/, Inform): saved Explorer views — mine, shared with the client, global templates —
 * with search, hiding, create / rename / duplicate / delete, and the share dialog (link, schedule, send now).
 */
export function ReportsPage() {
  return (
    <Stack spacing={2} sx={{ p: { xs: 1, md: 2 } }}>
      <Typography variant="h5" component="h1">
        Analysis
      </Typography>
      <InformPackageGate feature="Analysis">
        <ReportsList />
      </InformPackageGate>
    </Stack>
  );
}
