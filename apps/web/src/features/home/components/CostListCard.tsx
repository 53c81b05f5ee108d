import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { DEMO_BLUR_SX } from '../../../components/demo-mode';

export interface CostListRow {
  id: string;
  label: string;
  /** Where the row leads (the Explorer view of it); none for 'No value'. */
  href: string | null;
  cells: ReactNode[];
}

interface CostListCardProps {
  title: string;
  subtitle: string;
  rows: CostListRow[] | undefined;
  error: string | null;
  /** Blur the labels (demo mode on account and resource values). */
  blur?: boolean;
}

/** A titled card of rows (label linking to the Explorer, then figures); skeleton rows while loading. */
export function CostListCard({ title, subtitle, rows, error, blur = false }: CostListCardProps) {
  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="h6" component="h2">
          {title}
        </Typography>
        <Typography variant="body2" color="text.secondary" gutterBottom>
          {subtitle}
        </Typography>
        {error !== null ? (
          <Typography color="error">{error}</Typography>
        ) : rows === undefined ? (
          <Skeleton variant="rectangular" height={160} />
        ) : rows.length === 0 ? (
          <Typography color="text.secondary">No results found</Typography>
        ) : (
          <Table size="small" aria-label={title}>
            <TableBody>
              {rows.map((row) => (
                <TableRow key={row.id}>
                  <TableCell sx={{ maxWidth: 260, overflowWrap: 'anywhere' }}>
                    {row.href === null ? (
                      row.label
                    ) : (
                      <Link component={RouterLink} to={row.href} sx={blur ? DEMO_BLUR_SX : {}}>
                        {row.label}
                      </Link>
                    )}
                  </TableCell>
                  {row.cells.map((cell, i) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: cells are positional columns.
                    <TableCell key={i} align="right">
                      {cell}
                    </TableCell>
                  ))}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </CardContent>
    </Card>
  );
}
