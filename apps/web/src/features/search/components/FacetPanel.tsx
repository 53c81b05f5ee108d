import type { FacetBucket, FacetKey, SearchFilters } from '@finlens/contracts/search';
import { SEARCH_KEY_DIMENSIONS } from '@finlens/contracts/search';
import { COST_DIMENSION_CATALOGUE } from '@finlens/cost-model/cost-dimensions';
import { formatMoney } from '@finlens/cost-model/format';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Typography from '@mui/material/Typography';

interface FacetPanelProps {
  facets: Partial<Record<FacetKey, FacetBucket[]>>;
  filters: SearchFilters;
  currency: string;
  onToggle: (key: FacetKey, value: string) => void;
}

/** One checkbox list per facet (top values by cost); a chosen value that fell out of the top stays listed. */
export function FacetPanel({ facets, filters, currency, onToggle }: FacetPanelProps) {
  return (
    <Box component="aside" aria-label="Facets" sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      {(Object.keys(SEARCH_KEY_DIMENSIONS) as FacetKey[]).map((key) => {
        const title = COST_DIMENSION_CATALOGUE[SEARCH_KEY_DIMENSIONS[key]].label;
        const chosen = filters[key] ?? [];
        const buckets = facets[key] ?? [];
        const missing = chosen.filter((value) => !buckets.some((bucket) => bucket.value === value));
        const rows = [...buckets, ...missing.map((value) => ({ value, label: value, cost: 0 }))];
        return (
          <Box key={key} role="group" aria-label={title}>
            <Typography variant="subtitle2">{title}</Typography>
            {rows.length === 0 ? (
              <Typography variant="body2" color="text.secondary">
                No values
              </Typography>
            ) : (
              rows.map((bucket) => (
                <FormControlLabel
                  key={bucket.value}
                  sx={{ display: 'flex', mr: 0 }}
                  control={
                    <Checkbox
                      size="small"
                      checked={chosen.includes(bucket.value)}
                      onChange={() => onToggle(key, bucket.value)}
                    />
                  }
                  label={
                    <Box sx={{ display: 'flex', gap: 1, width: '100%' }}>
                      <Typography
                        variant="body2"
                        noWrap
                        sx={{ flexGrow: 1, maxWidth: 150 }}
                        title={bucket.label}
                      >
                        {bucket.label}
                      </Typography>
                      <Typography variant="body2" color="text.secondary">
                        {formatMoney(bucket.cost, currency)}
                      </Typography>
                    </Box>
                  }
                />
              ))
            )}
          </Box>
        );
      })}
    </Box>
  );
}
