import { formatMoney } from '@finlens/cost-model/format';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useNavigate, useParams } from 'react-router';
import { BarsLoader } from '../../components/BarsLoader';
import { Chart } from '../../components/Chart';
import { ServerTable } from '../../components/ServerTable';
import { useRuleDashboard } from './api/essentials-query';
import { RECOMMENDATION_COLUMNS } from './recommendation-columns';
import { detailPath } from './recommendation-view';

/** /v3/rules-dashboard/:key: a rule's open violations and saving at stake per day, and the violations now. */
export function RuleDashboardPage() {
  const key = useParams().key ?? '';
  const navigate = useNavigate();
  const { data, isPending, isError, error } = useRuleDashboard(key);
  return (
    <Box component="section" sx={{ p: 3 }}>
      <Typography variant="h4" component="h1">
        Rules Dashboard
      </Typography>
      {isError ? (
        <Alert severity="error">{error.message}</Alert>
      ) : isPending ? (
        <BarsLoader label="Loading the rule" />
      ) : (
        <>
          <Typography variant="h5" component="h2">
            {data.rule.name}
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            {data.rule.description} {data.rule.anchor}
          </Typography>
          <Typography variant="h6" component="p">
            {data.rule.open_violations} open · {formatMoney(data.rule.cost_at_stake)} per month at stake
          </Typography>
          <Chart
            kind="line"
            label="Saving at stake per day"
            height={240}
            categories={data.series.map((p) => p.date)}
            series={[{ name: 'Saving at stake', values: data.series.map((p) => p.cost_at_stake) }]}
            formatValue={formatMoney}
          />
          <ServerTable
            label="Recommendations"
            columns={RECOMMENDATION_COLUMNS}
            rows={data.violations}
            rowKey={(row) => row.id}
            rowLabel={(row) => `Open ${row.title}`}
            onOpen={(rec) => navigate(detailPath(rec))}
          />
        </>
      )}
    </Box>
  );
}
