import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** One figure with its title and a line under it; a skeleton while `value` is undefined. */
export function StatCard({
  title,
  value,
  note,
}: {
  title: string;
  value: string | undefined;
  note?: ReactNode;
}) {
  return (
    <Card variant="outlined" role="group" aria-label={title}>
      <CardContent>
        <Typography variant="subtitle2" color="text.secondary">
          {title}
        </Typography>
        {value === undefined ? (
          <Skeleton variant="text" width={140} height={42} />
        ) : (
          <Typography variant="h5" component="p">
            {value}
          </Typography>
        )}
        {note === undefined ? null : (
          <Typography variant="body2" color="text.secondary">
            {note}
          </Typography>
        )}
      </CardContent>
    </Card>
  );
}
