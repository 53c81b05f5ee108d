import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { BarsLoader } from '../../components/BarsLoader';
import { useStatements } from './api/statements-query';
import { CENTER_PATH } from './chargeback-paths';
import { StatementsTable } from './StatementsTable';

/** Chargebacks Center (Legacy): the same statements as a compact read-only table, pointing to the center. */
export function ChargebacksLegacyPage() {
  const statements = useStatements({});
  return (
    <Stack spacing={2} sx={{ p: { xs: 1, md: 2 } }}>
      <Typography variant="h5" component="h1">
        Chargebacks Center (Legacy)
      </Typography>
      <Alert severity="info">
        This view is read-only. Open, export, issue or void statements in the{' '}
        <RouterLink to={CENTER_PATH}>Chargebacks Center</RouterLink>.
      </Alert>
      {statements.isPending ? <BarsLoader /> : null}
      {statements.isError ? <Alert severity="error">{statements.error.message}</Alert> : null}
      {statements.data ? <StatementsTable statements={statements.data.statements} dense /> : null}
    </Stack>
  );
}
