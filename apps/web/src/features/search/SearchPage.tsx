import { ERROR_MESSAGES } from '@finlens/contracts/errors';
import {
  SEARCH_KEY_DIMENSIONS,
  SEARCH_SCOPES,
  type SearchKey,
  type SearchScope,
} from '@finlens/contracts/search';
import { COST_DIMENSION_CATALOGUE } from '@finlens/cost-model/cost-dimensions';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useSearch } from './api/search-query';
import { FacetPanel } from './components/FacetPanel';
import { SearchHitsGrid } from './components/SearchHitsGrid';
import {
  type SearchView,
  searchCallParams,
  searchViewFromParams,
  searchViewToParams,
  toggleFilter,
} from './search-view';

const SCOPE_LABELS: Record<SearchScope, string> = {
  all: 'All',
  resources: 'Resources',
  accounts: 'Accounts',
  services: 'Services',
  regions: 'Regions',
  tags: 'Tags',
};

function filterName(key: SearchKey): string {
  return key in SEARCH_KEY_DIMENSIONS
    ? COST_DIMENSION_CATALOGUE[SEARCH_KEY_DIMENSIONS[key as keyof typeof SEARCH_KEY_DIMENSIONS]].label
    : key;
}

/** The search text; a new `q` in the URL (e.g. from the app bar) remounts it with that text. */
function SearchForm({ initial, onSearch }: { initial: string; onSearch: (q: string) => void }) {
  const [text, setText] = useState(initial);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(text.trim());
  };
  return (
    <Box
      component="form"
      role="search"
      onSubmit={submit}
      sx={{ display: 'flex', gap: 1, mb: 2, maxWidth: 720 }}
    >
      <TextField
        size="small"
        fullWidth
        value={text}
        onChange={(event) => setText(event.target.value)}
        placeholder="Resource id or name, account, service, region or tag key=value"
        slotProps={{ htmlInput: { 'aria-label': 'Search for' } }}
      />
      <Button type="submit" variant="contained">
        Search
      </Button>
    </Box>
  );
}

/** /v3/search/: a search box, scope tabs, facets and the hits by cost; the whole view lives in the URL. */
export function SearchPage() {
  const [params, setParams] = useSearchParams();
  const view = searchViewFromParams(params);
  const search = useSearch(searchCallParams(view));
  const update = (next: Partial<SearchView>) => setParams(searchViewToParams({ ...view, ...next }));
  const chips = Object.entries(view.filters).flatMap(([key, values]) =>
    values.map((value) => ({ key: key as SearchKey, value })),
  );

  return (
    <Box component="section" sx={{ p: 3 }}>
      <Typography variant="h4" component="h1" gutterBottom>
        Search
      </Typography>
      <SearchForm key={view.q} initial={view.q} onSearch={(q) => update({ q })} />
      <Tabs
        value={view.scope}
        onChange={(_event, scope: SearchScope) => update({ scope })}
        aria-label="Scope"
      >
        {SEARCH_SCOPES.map((scope) => (
          <Tab key={scope} value={scope} label={SCOPE_LABELS[scope]} />
        ))}
      </Tabs>
      {chips.length === 0 ? null : (
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mt: 2 }}>
          {chips.map(({ key, value }) => (
            <Chip
              key={`${key}:${value}`}
              label={`${filterName(key)}: ${value}`}
              onDelete={() => update({ filters: toggleFilter(view.filters, key, value) })}
            />
          ))}
        </Box>
      )}
      {search.isError ? (
        <Alert severity="error" sx={{ mt: 2 }}>
          {ERROR_MESSAGES.searchedData}
        </Alert>
      ) : (
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '260px 1fr' }, gap: 3, mt: 2 }}>
          <FacetPanel
            facets={search.data?.facets ?? {}}
            filters={view.filters}
            currency={search.data?.currency ?? 'USD'}
            onToggle={(key, value) => update({ filters: toggleFilter(view.filters, key, value) })}
          />
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
              {search.data === undefined
                ? 'Searching…'
                : `${search.data.total} results, cost from ${search.data.start_date} to ${search.data.end_date}`}
            </Typography>
            <SearchHitsGrid
              hits={search.data?.hits ?? []}
              currency={search.data?.currency ?? 'USD'}
              loading={search.isFetching}
            />
          </Box>
        </Box>
      )}
    </Box>
  );
}
