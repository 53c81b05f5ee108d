import type { ReservationAnalysis } from '@finlens/contracts/commitments';
import Alert from '@mui/material/Alert';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type SimpleColumn, SimpleTable } from '../../components/SimpleTable';
import { useReservationAnalysis } from './api/commitments-query';
import { formatHourly, formatMoney, formatRate, formatShare } from './commitment-format';

type FamilyAnalysis = ReservationAnalysis['results'][number];
const RESERVATION_COLUMNS: SimpleColumn<FamilyAnalysis>[] = [
  { label: 'Service', render: (r) => r.service },
  { label: 'Region', render: (r) => r.region ?? '—' },
  { label: 'Family', render: (r) => r.family },
  {
    label: 'Platform',
    render: (r) =>
      [r.operating_system, r.tenancy, r.licence_model].filter((v) => v !== null && v !== 'NA').join(' · ') ||
      '—',
  },
  {
    label: 'Buy',
    render: (r) => (r.recommendation === null ? '—' : `${r.recommendation.instances} × ${r.instance_type}`),
  },
  {
    label: 'Units/h',
    render: (r) => (r.recommendation === null ? '—' : r.recommendation.normalised_units),
    align: 'right',
  },
  {
    label: 'Cost',
    render: (r) => (r.recommendation === null ? '—' : formatHourly(r.recommendation.commitment)),
    align: 'right',
  },
  {
    label: 'Savings',
    render: (r) => (r.recommendation === null ? '—' : formatMoney(r.recommendation.savings)),
    align: 'right',
  },
  {
    label: 'Utilisation',
    render: (r) => formatShare(r.recommendation?.expected_utilisation ?? null),
    align: 'right',
  },
  {
    label: 'Coverage',
    render: (r) => formatShare(r.recommendation?.expected_coverage ?? null),
    align: 'right',
  },
  {
    label: 'Rate',
    render: formatRate,
  },
];

/** Reserved instances to buy per service, region, platform (operating system, tenancy, licence) and family, by normalised units, for the same look-back. */
export function ReservationAnalysisSection({
  query,
}: {
  query: Parameters<typeof useReservationAnalysis>[0];
}) {
  const analysis = useReservationAnalysis(query);
  return (
    <Stack spacing={1} component="section" aria-label="Reserved instance purchase analysis">
      <Typography variant="subtitle1" component="h3">
        Reserved instances by normalised units
      </Typography>
      {analysis.isPending ? (
        <Skeleton variant="rounded" height={80} aria-label="Loading the reservation analysis" />
      ) : null}
      {analysis.isError ? <Alert severity="error">{analysis.error.message}</Alert> : null}
      {analysis.isSuccess ? (
        <SimpleTable
          label="Reserved instances to buy"
          columns={RESERVATION_COLUMNS}
          rows={analysis.data.results}
          rowKey={(r) =>
            [r.service, r.region, r.operating_system, r.tenancy, r.licence_model, r.family].join('|')
          }
        />
      ) : null}
    </Stack>
  );
}
