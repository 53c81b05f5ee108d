import type { MetricEvidence, Recommendation } from '@finlens/contracts/recommendations';
import { formatMoney } from '@finlens/cost-model/format';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useParams } from 'react-router';
import { BarsLoader } from '../../components/BarsLoader';
import { Chart } from '../../components/Chart';
import { useEvidenceMetrics } from './api/evidence-metrics-query';
import { useRecommendation } from './api/recommendations-query';
import { evidenceChartData, seriesFor } from './evidence-chart';
import { LedgerPanel } from './LedgerPanel';

/**
 * Spec §2 storage-, rightsizing- and idle-resources-details (/:type/:scheduler_id, the id being the
 * recommendation's): the evidence the rule judged as charts with their thresholds, the saving at the account's
 * effective rate beside on-demand, risk, action, why it might be wrong, and the ledger's actions.
 */
export function RecommendationDetailPage({ title }: { title: string }) {
  const id = useParams().scheduler_id ?? '';
  const { data, isPending, isError, error } = useRecommendation(id);
  return (
    <Box component="section" sx={{ p: 3 }}>
      <Typography variant="h4" component="h1" sx={{ mb: 1 }}>
        {title}
      </Typography>
      {isError ? (
        <Alert severity="error">{error.message}</Alert>
      ) : isPending ? (
        <BarsLoader label="Loading the recommendation" />
      ) : (
        <Detail rec={data.recommendation} />
      )}
    </Box>
  );
}

function Detail({ rec }: { rec: Recommendation }) {
  const s = rec.saving;
  return (
    <Stack spacing={2}>
      <Box>
        <Typography variant="h5" component="h2">
          {rec.title}
        </Typography>
        <Typography color="text.secondary">
          {rec.resource_name ?? rec.resource_id} · {rec.resource_type ?? rec.resource_kind ?? ''} · account{' '}
          {rec.account_name ?? rec.account_id} · {rec.region} ·{' '}
          <Link component={RouterLink} to={`/v3/essentials/recommendations/${rec.type}`}>
            every {rec.type}
          </Link>
        </Typography>
      </Box>
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }} useFlexGap>
        <Chip color="success" label={`Saves ${formatMoney(s.estimated_monthly_saving)} per month`} />
        <Chip label={`On-demand ${formatMoney(s.on_demand_monthly_saving)}`} />
        <Chip label={`Costs ${formatMoney(s.current_monthly_cost)} per month`} />
        <Chip label={`Risk: ${rec.risk}`} />
        {s.covered_by_commitment ? <Chip color="warning" label="Covered by a commitment" /> : null}
        {rec.showback_values.map((v) => (
          <Chip
            key={`${v.showback_id}:${v.value}`}
            variant="outlined"
            component={RouterLink}
            to={`/v3/cost/recommendations/?showback_value=${encodeURIComponent(`${v.showback_id}:${v.value}`)}`}
            clickable
            label={`${v.showback_name}: ${v.value}`}
          />
        ))}
      </Stack>
      <Typography>
        <strong>Action:</strong> {rec.action.description}
        {rec.action.reversible ? ' (reversible)' : ' (not reversible)'}
      </Typography>
      <LedgerPanel recommendationId={rec.id} />
      <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-label="Evidence">
        <Typography variant="h6" component="h3">
          Evidence, {rec.evidence.start_date} to {rec.evidence.end_date}
        </Typography>
        {rec.evidence.facts.length > 0 ? (
          <Typography variant="body2" sx={{ mb: 1 }}>
            {rec.evidence.facts.map((f) => `${f.label}: ${String(f.value)}`).join(' · ')}
          </Typography>
        ) : null}
        <EvidenceCharts rec={rec} />
      </Paper>
      {rec.might_be_wrong_because.length > 0 ? (
        <Box>
          <Typography variant="h6" component="h3">
            Why this might be wrong
          </Typography>
          <ul>
            {rec.might_be_wrong_because.map((reason) => (
              <li key={reason}>{reason}</li>
            ))}
          </ul>
        </Box>
      ) : null}
    </Stack>
  );
}

function EvidenceCharts({ rec }: { rec: Recommendation }) {
  const metrics = useEvidenceMetrics(rec.project_id, rec.resource_id, rec.evidence);
  if (rec.evidence.metrics.length === 0) return null;
  if (metrics.isPending) return <BarsLoader label="Loading the evidence" />;
  if (metrics.isError) return <Alert severity="error">{metrics.error.message}</Alert>;
  return (
    <>
      {rec.evidence.metrics.map((m) => (
        <EvidenceChart
          key={`${m.metric}${m.storage_class ?? ''}${m.statistic}`}
          evidence={m}
          data={metrics.data}
        />
      ))}
    </>
  );
}

function EvidenceChart({
  evidence,
  data,
}: {
  evidence: MetricEvidence;
  data: Parameters<typeof seriesFor>[1];
}) {
  const chart = evidenceChartData(evidence, seriesFor(evidence, data));
  const observed =
    evidence.observed === null ? 'no data' : `${evidence.observed.toFixed(2)} ${evidence.unit}`;
  const rule =
    evidence.threshold === null
      ? ''
      : ` ${evidence.comparison ?? ''} threshold ${evidence.threshold} ${evidence.unit}`;
  return (
    <Box sx={{ mt: 1 }}>
      <Typography variant="subtitle2">
        {evidence.metric} {evidence.statistic}: {observed}
        {rule} ({evidence.points} hourly values)
      </Typography>
      {chart === null ? (
        <Typography variant="body2">No metrics were collected for this window.</Typography>
      ) : (
        <Chart kind="line" label={`${evidence.metric} evidence`} height={220} {...chart} />
      )}
    </Box>
  );
}
