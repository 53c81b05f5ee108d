import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useRouteHandle } from './start-up-hooks';

interface UnbuiltPageProps {
  /** Defaults to the title of the matched route. */
  title?: string;
  /** Defaults to the area of the matched route. */
  area?: string;
  /** 1 for a whole page, 2 inside a page that has its own heading (settings tabs). */
  level?: 1 | 2;
}

/** Stands in for a page a later issue builds: names it and says so, and pretends nothing. */
export function UnbuiltPage({ title, area, level = 1 }: UnbuiltPageProps) {
  const handle = useRouteHandle();
  const name = title ?? handle?.title ?? 'This page';
  const areaName = area ?? handle?.area ?? 'General';
  return (
    <Box component="section" aria-label={name} sx={{ p: 3, maxWidth: 720 }}>
      <Typography variant={level === 1 ? 'h4' : 'h5'} component={level === 1 ? 'h1' : 'h2'} gutterBottom>
        {name}
      </Typography>
      <Chip label={areaName} size="small" sx={{ mb: 2 }} />
      <Typography>
        {`The ${name} page (${areaName}) is not built yet. It arrives with a later issue.`}
      </Typography>
    </Box>
  );
}
