import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { lazy, type ReactNode, Suspense } from 'react';
import { useSearchParams } from 'react-router';
import { CostInsightsPanel } from './CostInsightsPanel';
import { type InsightTab, tabFromParams } from './insight-view';

// The Tag explorer (and its grid) loads in its own chunk, only when its tab is opened.
const TagExplorerPanel = lazy(() =>
  import('../tag-explorer/TagExplorerPanel').then((module) => ({ default: module.TagExplorerPanel })),
);

/** The page's tabs: cost insights (issue 7) and the Tag explorer (issue 6). */
const TABS: { value: InsightTab; label: string; panel: () => ReactNode }[] = [
  { value: 'insights', label: 'Cost insights', panel: () => <CostInsightsPanel /> },
  {
    value: 'tags',
    label: 'Tag explorer',
    panel: () => (
      <Suspense fallback={<Skeleton variant="rounded" height={400} aria-label="Loading the Tag explorer" />}>
        <TagExplorerPanel />
      </Suspense>
    ),
  },
];

/**
 * Insights (/v3/cost/tag-explorer/, the Inform menu's "Insights"): cost insights and the Tag explorer as
 * two tabs of one page, the tab held in the URL (`?tab=insights|tags`).
 */
export function InsightsPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const tab = tabFromParams(searchParams);
  const current = TABS.find((t) => t.value === tab) ?? TABS[0];
  const choose = (next: InsightTab) =>
    setSearchParams((params) => {
      params.set('tab', next);
      return params;
    });
  return (
    <Stack spacing={2} sx={{ p: { xs: 1, md: 2 } }}>
      <Typography variant="h5" component="h1">
        Insights
      </Typography>
      <Tabs value={tab} onChange={(_, next: InsightTab) => choose(next)} aria-label="Insights views">
        {TABS.map((t) => (
          <Tab
            key={t.value}
            value={t.value}
            label={t.label}
            id={`tab-${t.value}`}
            aria-controls={`panel-${t.value}`}
          />
        ))}
      </Tabs>
      <div role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`}>
        {current?.panel()}
      </div>
    </Stack>
  );
}
