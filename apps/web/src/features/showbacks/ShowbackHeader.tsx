import Breadcrumbs from '@mui/material/Breadcrumbs';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type ReactNode, useState } from 'react';
import { Link as RouterLink, useParams, useSearchParams } from 'react-router';
import { useRouteHandle } from '../../app/start-up-hooks';
import { RangePresetSelect } from '../../components/RangePresetSelect';
import { useShowbackConfig } from './api/showbacks-query';
import {
  rangeDates,
  rangeFromParams,
  SHOWBACK_PARAMS,
  SHOWBACK_RANGES,
  showbackHrefs,
} from './showback-view';

/** The page's showback id (the :key of the route) and its range preset and dates from the URL. */
export function useShowbackRoute() {
  const { key = '' } = useParams();
  const [today] = useState(() => new Date());
  const [searchParams, setSearchParams] = useSearchParams();
  const range = rangeFromParams(searchParams);
  const setParam = (name: string, value: string) =>
    setSearchParams((params) => {
      params.set(name, value);
      return params;
    });
  return { id: key, range, dates: rangeDates(range, today), searchParams, setParam };
}

interface ShowbackHeaderProps {
  /** The page's own name, after the showback's in the breadcrumbs. */
  title: string;
  children?: ReactNode;
}

/**
 * Breadcrumbs (Cost Allocation › showback › page), the page title, the range control and the page's own
 * controls (`children`).
 */
export function ShowbackHeader({ title, children }: ShowbackHeaderProps) {
  const { id, range, setParam } = useShowbackRoute();
  const showback = useShowbackConfig(id).data;
  // The route's title (as in the document title); the showback's name follows it once known.
  const heading = useRouteHandle()?.title ?? title;
  return (
    <Stack spacing={1}>
      <Breadcrumbs aria-label="Breadcrumbs">
        <Link component={RouterLink} to={showbackHrefs.list}>
          Cost Allocation
        </Link>
        <Link component={RouterLink} to={showbackHrefs.detail(id, range)}>
          {showback?.name ?? 'Showback'}
        </Link>
        <Typography color="text.primary">{title}</Typography>
      </Breadcrumbs>
      <Typography variant="h5" component="h1">
        {heading}
      </Typography>
      {showback ? <Typography color="text.secondary">{showback.name}</Typography> : null}
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
        <RangePresetSelect
          presets={SHOWBACK_RANGES}
          value={range}
          onChange={(next) => setParam(SHOWBACK_PARAMS.range, next)}
        />
        {children}
      </Stack>
    </Stack>
  );
}
