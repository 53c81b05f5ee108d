import type { SearchHit, SearchKind } from '@finlens/contracts/search';
import { formatMoney } from '@finlens/cost-model/format';
import SearchOutlined from '@mui/icons-material/SearchOutlined';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import InputAdornment from '@mui/material/InputAdornment';
import type { SxProps, Theme } from '@mui/material/styles';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useDebounced } from '../../../lib/use-debounced';
import { useAutoComplete } from '../api/auto-complete-query';
import { searchDetailPath, searchPagePath } from '../search-paths';

const KIND_LABELS: Record<SearchKind, string> = {
  resource: 'Resources',
  account: 'Accounts',
  service: 'Services',
  region: 'Regions',
  tag: 'Tags',
};

/**
 * The app bar's search: suggestions from GET /c/ac/auto-complete/ as the user types, grouped by kind, with
 * arrow keys and Enter (MUI Autocomplete). A suggestion opens its detail page; Enter on free text opens the
 * search page for it.
 */
export function GlobalSearchBox({ sx }: { sx: SxProps<Theme> }) {
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const query = useDebounced(text, 250);
  const suggestions = useAutoComplete(query);
  const options = text.trim() === '' ? [] : (suggestions.data ?? []);

  const choose = (choice: SearchHit | string | null) => {
    if (choice === null) return;
    if (typeof choice === 'string') {
      if (choice.trim() !== '') navigate(searchPagePath(choice.trim()));
    } else {
      navigate(searchDetailPath(choice.key));
    }
    setText('');
  };

  return (
    <Autocomplete<SearchHit, false, false, true>
      freeSolo
      size="small"
      sx={sx}
      options={options}
      filterOptions={(all) => all}
      groupBy={(hit) => KIND_LABELS[hit.kind]}
      getOptionLabel={(hit) => (typeof hit === 'string' ? hit : hit.label)}
      getOptionKey={(hit) => (typeof hit === 'string' ? hit : hit.key)}
      inputValue={text}
      onInputChange={(_event, value, reason) => {
        if (reason !== 'reset') setText(value);
      }}
      value={null}
      onChange={(_event, choice) => choose(choice)}
      loading={suggestions.isFetching}
      noOptionsText="No matches"
      renderOption={({ key, ...props }, hit) => (
        <Box component="li" key={key} {...props} sx={{ display: 'flex', gap: 1 }}>
          <Typography noWrap sx={{ flexGrow: 1 }}>
            {hit.label}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {formatMoney(hit.cost)}
          </Typography>
        </Box>
      )}
      renderInput={(params) => (
        <TextField
          {...params}
          placeholder="Search resources, accounts, services…"
          slotProps={{
            ...params.slotProps,
            htmlInput: { ...params.slotProps.htmlInput, 'aria-label': 'Search' },
            input: {
              ...params.slotProps.input,
              startAdornment: (
                <InputAdornment position="start">
                  <SearchOutlined fontSize="small" />
                </InputAdornment>
              ),
            },
          }}
          sx={{ bgcolor: 'background.paper', borderRadius: 1 }}
        />
      )}
    />
  );
}
