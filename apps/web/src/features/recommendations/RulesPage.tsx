import type { Rule } from '@finlens/contracts/recommendations';
import { formatMoney } from '@finlens/cost-model/format';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { AdminAction } from '../../components/AdminAction';
import { BarsLoader } from '../../components/BarsLoader';
import { EmptyTableRow } from '../../components/EmptyTableRow';
import { useRules } from './api/essentials-query';
import { RuleEditDialog } from './RuleEditDialog';

/** /v3/rules/: every rule with its thresholds, open violations and the saving at stake; admins edit them. */
export function RulesPage() {
  const { data, isPending, isError, error } = useRules();
  const [editing, setEditing] = useState<Rule | null>(null);
  return (
    <Box component="section" sx={{ p: 3 }}>
      <Typography variant="h4" component="h1" sx={{ mb: 2 }}>
        Rules
      </Typography>
      {isError ? (
        <Alert severity="error">{error.message}</Alert>
      ) : isPending ? (
        <BarsLoader label="Loading rules" />
      ) : (
        <Table size="small" aria-label="Rules">
          <TableHead>
            <TableRow>
              <TableCell>Rule</TableCell>
              <TableCell>Thresholds</TableCell>
              <TableCell>Enabled</TableCell>
              <TableCell align="right">Open violations</TableCell>
              <TableCell align="right">Saving at stake</TableCell>
              <TableCell />
            </TableRow>
          </TableHead>
          <TableBody>
            <EmptyTableRow rowCount={data.results.length} columns={6} />
            {data.results.map((rule) => (
              <TableRow key={rule.key}>
                <TableCell>
                  <Link component={RouterLink} to={`/v3/rules-dashboard/${rule.key}`}>
                    {rule.name}
                  </Link>
                  <Typography variant="caption" component="p" color="text.secondary">
                    {rule.description}
                  </Typography>
                </TableCell>
                <TableCell>
                  {rule.thresholds
                    .map((t) => `${t.label} ${t.value} ${t.unit}${t.overridden ? ' (yours)' : ''}`)
                    .join('; ')}
                </TableCell>
                <TableCell>{rule.enabled ? 'Yes' : 'No'}</TableCell>
                <TableCell align="right">{rule.open_violations}</TableCell>
                <TableCell align="right">{formatMoney(rule.cost_at_stake)}</TableCell>
                <TableCell>
                  <AdminAction reason="Only admins change rules.">
                    {(disabled) => (
                      <Button
                        size="small"
                        disabled={disabled}
                        aria-label={`Edit ${rule.name}`}
                        onClick={() => setEditing(rule)}
                      >
                        Edit
                      </Button>
                    )}
                  </AdminAction>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      {editing === null ? null : <RuleEditDialog rule={editing} onClose={() => setEditing(null)} />}
    </Box>
  );
}
