import type { CostDimension, CostQuery } from '@finlens/contracts/cost-query';
import { COST_DIMENSION_CATALOGUE } from '@finlens/cost-model/cost-dimensions';
import { formatMoney } from '@finlens/cost-model/format';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useCostQuery } from '../../cost-explorer/api/cost-query';
import { topGroups } from '../../home/home-transforms';

/** The top values of one dimension within a query's rows, with their cost. */
export function BreakdownCard({ query, dimension }: { query: CostQuery; dimension: CostDimension }) {
  const answer = useCostQuery({ ...query, dimension, top_n: 5 });
  const title = COST_DIMENSION_CATALOGUE[dimension].label;
  const rows = answer.data === undefined ? [] : topGroups(answer.data, 5);
  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="h6" component="h3" gutterBottom>
          {title}
        </Typography>
        {answer.isPending ? (
          <Skeleton variant="rectangular" height={120} />
        ) : answer.isError ? (
          <Typography color="error">{answer.error.message}</Typography>
        ) : (
          <Table size="small" aria-label={title}>
            <TableBody>
              {rows.map((row) => (
                <TableRow key={row.key ?? ''}>
                  <TableCell>{row.label}</TableCell>
                  <TableCell align="right">{formatMoney(row.total, answer.data.currency)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </CardContent>
    </Card>
  );
}
