import type { ShareSave, ShareSavePartner } from '@finlens/contracts/commitments';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, useState } from 'react';
import { useIsAdmin } from '../../components/AdminAction';
import { Figure } from '../../components/Figure';
import { fieldErrorsOf } from '../../components/form-errors';
import { type SimpleColumn, SimpleTable } from '../../components/SimpleTable';
import { useCurrentUser } from '../auth/api/current-user-query';
import {
  SHARESAVE_CSV_HREF,
  SHARESAVE_PARTNER_CSV_HREF,
  usePartnerShareSave,
  useSaveShareSaveMutation,
  useShareSave,
} from './api/commitments-query';
import { formatMoney, formatShare, hundredths } from './commitment-format';

type Month = ShareSave['months'][number];
const orDash = (value: number | null) => (value === null ? '—' : formatMoney(value));
const COLUMNS: SimpleColumn<Month>[] = [
  { label: 'Month', render: (m) => m.month },
  { label: 'Realised commitment savings', align: 'right', render: (m) => formatMoney(m.realised_savings) },
  { label: 'Share', align: 'right', render: (m) => formatShare(m.share) },
  { label: 'Partner’s fee', align: 'right', render: (m) => orDash(m.partner_fee) },
  { label: 'Your net saving', align: 'right', render: (m) => orDash(m.client_net_saving) },
];
type PartnerClient = ShareSavePartner['clients'][number];
const CLIENT_COLUMNS: SimpleColumn<PartnerClient>[] = [
  { label: 'Client', render: (c) => c.client_name },
  { label: 'Share', align: 'right', render: (c) => formatShare(c.share) },
  {
    label: 'Realised commitment savings',
    align: 'right',
    render: (c) => formatMoney(c.totals.realised_savings),
  },
  { label: 'Partner’s fee', align: 'right', render: (c) => orDash(c.totals.partner_fee) },
  { label: 'Client’s net saving', align: 'right', render: (c) => orDash(c.totals.client_net_saving) },
  { label: 'Months', align: 'right', render: (c) => c.months.length },
];

/**
 * ShareSave across the partner's clients (partner users only; nothing for anyone else): each client where ShareSave
 * is allowed with its realised savings, agreed share, the partner's fee and the client's net saving over the last
 * 12 months of its bill, and the totals; the table as CSV.
 */
export function PartnerShareSaveSection() {
  const { data: profile } = useCurrentUser();
  const report = usePartnerShareSave(profile?.is_partner_user === true);
  if (report.isError) return <Alert severity="error">{report.error.message}</Alert>;
  if (!report.data) return null;
  const data = report.data;
  return (
    <Stack spacing={1} component="section" aria-label="ShareSave across your clients">
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <Typography variant="h6" component="h2">
          ShareSave across your clients
        </Typography>
        <Button
          variant="outlined"
          size="small"
          href={SHARESAVE_PARTNER_CSV_HREF}
          download="sharesave-partner.csv"
        >
          Export CSV
        </Button>
      </Stack>
      <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <Figure label="Clients’ realised savings" value={formatMoney(data.totals.realised_savings)} />
        <Figure label="Partner’s fees" value={orDash(data.totals.partner_fee)} />
        <Figure label="Clients’ net saving" value={orDash(data.totals.client_net_saving)} />
      </Stack>
      <SimpleTable
        label="ShareSave by client"
        columns={CLIENT_COLUMNS}
        rows={data.clients}
        rowKey={(c) => c.client_id}
      />
    </Stack>
  );
}

const PERCENT_MESSAGE = 'Enter a percentage from 0 to 100, or leave it blank.';

/**
 * ShareSave (spec §3 COMPUTE_COPILOT_SHARESAVE, §6): where the client may see it, the savings-share report — each
 * month's realised commitment savings, the agreed share, the partner's fee and the client's net saving, with CSV.
 * Invisible elsewhere (the server answers 404). Admins record the agreed share.
 */
export function ShareSaveSection() {
  const report = useShareSave();
  if (report.isError) return <Alert severity="error">{report.error.message}</Alert>;
  if (!report.data) return null;
  const data = report.data;
  return (
    <Stack spacing={1} component="section" aria-label="ShareSave">
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <Typography variant="h6" component="h2">
          ShareSave
        </Typography>
        <Button variant="outlined" size="small" href={SHARESAVE_CSV_HREF} download="sharesave.csv">
          Export CSV
        </Button>
      </Stack>
      <Typography variant="body2" color="text.secondary">
        Realised commitment savings are each month’s net savings of reservations and savings plans against on
        demand (unused hours included). The partner keeps the agreed share of a month’s savings; a month whose
        commitments cost more than on demand earns no fee.
      </Typography>
      <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <Figure label="Realised savings" value={formatMoney(data.totals.realised_savings)} />
        <Figure label="Partner’s fee" value={orDash(data.totals.partner_fee)} />
        <Figure label="Your net saving" value={orDash(data.totals.client_net_saving)} />
      </Stack>
      <ShareForm key={String(data.share)} share={data.share} />
      <SimpleTable label="ShareSave by month" columns={COLUMNS} rows={data.months} rowKey={(m) => m.month} />
    </Stack>
  );
}

function ShareForm({ share }: { share: number | null }) {
  const isAdmin = useIsAdmin();
  const save = useSaveShareSaveMutation();
  const [text, setText] = useState(share === null ? '' : hundredths(share));
  const [error, setError] = useState<string | null>(null);
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = text.trim();
    const percent = Number(trimmed);
    if (trimmed !== '' && (!Number.isFinite(percent) || percent < 0 || percent > 100)) {
      setError(PERCENT_MESSAGE);
      return;
    }
    setError(null);
    try {
      await save.mutateAsync(trimmed === '' ? null : percent / 100);
    } catch (failure) {
      setError(
        fieldErrorsOf(failure).share?.[0] ??
          (failure instanceof Error ? failure.message : 'Something went wrong.'),
      );
    }
  };
  return (
    <Stack
      component="form"
      onSubmit={onSubmit}
      noValidate
      aria-label="Agreed share"
      direction="row"
      spacing={1}
      sx={{ alignItems: 'flex-start' }}
    >
      <TextField
        size="small"
        inputMode="decimal"
        label="Agreed share"
        placeholder="Not agreed"
        value={text}
        disabled={!isAdmin}
        error={error !== null}
        helperText={error ?? (isAdmin ? 'Of each month’s realised savings.' : 'Only admins change it.')}
        onChange={(event) => setText(event.target.value)}
        slotProps={{ input: { endAdornment: <InputAdornment position="end">%</InputAdornment> } }}
        sx={{ width: 220 }}
      />
      {isAdmin ? (
        <Button type="submit" variant="contained" loading={save.isPending}>
          Save
        </Button>
      ) : null}
    </Stack>
  );
}
