import type { PolicyData } from '@finlens/contracts/policy';
import { formatUtcDate } from '@finlens/cost-model/format';
import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { EmptyTableRow } from '../../../components/EmptyTableRow';

/** The Policies filter of the Team Members tab: which IAM policy version each project has accepted. */
export function PolicyStatesTable({ policy }: { policy: PolicyData }) {
  return (
    <>
      <Typography color="text.secondary" sx={{ mb: 1 }}>
        {`Latest IAM policy: ${policy.latest.version} (${formatUtcDate(policy.latest.released_at, 'usDate')}). ${policy.latest.summary}`}
      </Typography>
      <Table size="small" aria-label="Project policies">
        <TableHead>
          <TableRow>
            <TableCell>Project</TableCell>
            <TableCell>Accepted version</TableCell>
            <TableCell>Accepted on</TableCell>
            <TableCell>State</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          <EmptyTableRow rowCount={policy.projects.length} columns={4} />
          {policy.projects.map((project) => (
            <TableRow key={project.project_id}>
              <TableCell>{project.project_name}</TableCell>
              <TableCell>{project.accepted_version ?? '-'}</TableCell>
              <TableCell>{formatUtcDate(project.accepted_at, 'usDate')}</TableCell>
              <TableCell>
                <Chip
                  size="small"
                  variant="outlined"
                  label={project.up_to_date ? 'Up to date' : 'Update needed'}
                  color={project.up_to_date ? 'success' : 'warning'}
                />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </>
  );
}
