import { type ScheduleSuggestion, SUGGESTION_CPU_THRESHOLD } from '@finlens/contracts/scheduler';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { ApiError } from '../../lib/api-client';
import { useScheduleSuggestion } from './api/schedule-suggestion-mutation';
import { errorsByField, inputOf, type ScheduleDraft } from './scheduler-view';

type Verdict = ScheduleSuggestion['resources'][number]['verdict'];

const VERDICT_TEXT: Record<Verdict, (r: ScheduleSuggestion['resources'][number]) => string> = {
  used: (r) => `in use ${r.used_hours_per_week} h a week`,
  busy: (r) =>
    `in use every hour of the week${r.quietest_hour_cpu === null ? '' : `: its quietest hour peaked at ${r.quietest_hour_cpu.toFixed(1)} % CPU — a threshold of ${Math.ceil(r.quietest_hour_cpu)} % or more finds idle hours`}`,
  idle: () => 'never in use: a candidate to stop for good (see Recommendations)',
  'not-enough-data': (r) => `${Math.floor(r.observed_hours / 24)} days of metrics, under the 7 needed`,
  'no-metrics': () => 'no CPU metric of its own: not counted',
};

const days = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000);

/** What the suggestion was read from, and each resource's part in it. */
function SuggestionSummary({ answer }: { answer: ScheduleSuggestion }) {
  const counted = answer.resources.filter((r) => r.verdict === 'used' || r.verdict === 'busy');
  return (
    <Alert severity={answer.positions.length > 0 ? 'success' : 'info'} data-testid="suggestion-summary">
      {answer.positions.length > 0
        ? `Filled from ${days(answer.from, answer.to)} days of CPU of ${counted.length} of ${answer.resources.length} resources (an hour over ${answer.cpu_threshold} % in any week counts as in use): runs ${answer.running_hours_per_week} h a week in ${answer.time_zone}. Review it before saving.`
        : answer.resources.length === 0
          ? 'Choose resources (or a tag value) first: the suggestion reads their metrics.'
          : 'Nothing to suggest: no resource has both used and idle hours over enough days. The grid is unchanged.'}
      <Box component="ul" sx={{ m: 0, mt: 0.5, pl: 2.5 }}>
        {answer.resources.map((r) => (
          <li key={`${r.kind}|${r.resource_id}`}>
            {r.name ?? r.resource_id}: {VERDICT_TEXT[r.verdict](r)}
          </li>
        ))}
      </Box>
    </Alert>
  );
}

/**
 * "Suggest from usage": asks the server for the hours the draft's resources were in use over the last two
 * weeks (their hourly CPU) and fills the grid with them; the user edits the grid as with a preset.
 */
export function UsageSuggestion({
  draft,
  onSuggest,
}: {
  draft: ScheduleDraft;
  onSuggest: (positions: number[]) => void;
}) {
  const suggestion = useScheduleSuggestion();
  const [threshold, setThreshold] = useState(String(SUGGESTION_CPU_THRESHOLD));
  const value = Number(threshold);
  const valid = threshold.trim() !== '' && Number.isFinite(value) && value >= 0 && value <= 100;
  const ask = () => {
    const { project, account_number, resources, time_zone, scheduled_by_tag_key, scheduled_by_tag_value } =
      inputOf(draft);
    suggestion.mutate(
      {
        project,
        account_number,
        resources,
        time_zone,
        scheduled_by_tag_key,
        scheduled_by_tag_value,
        cpu_threshold: value,
      },
      { onSuccess: (answer) => answer.positions.length > 0 && onSuggest(answer.positions) },
    );
  };
  const error = suggestion.error;
  const fieldErrors = error instanceof ApiError ? Object.values(errorsByField(error.body)) : [];
  return (
    <Stack spacing={1} sx={{ mt: 2 }} component="section" aria-label="Suggest from usage">
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
        <Button
          size="small"
          variant="outlined"
          onClick={ask}
          disabled={draft.project === '' || !valid || suggestion.isPending}
        >
          {suggestion.isPending ? 'Reading usage…' : 'Suggest from usage'}
        </Button>
        <TextField
          size="small"
          label="In use above CPU"
          value={threshold}
          onChange={(e) => setThreshold(e.target.value)}
          error={!valid}
          helperText={valid ? undefined : 'A percentage from 0 to 100'}
          slotProps={{
            input: { endAdornment: <InputAdornment position="end">%</InputAdornment> },
            htmlInput: { inputMode: 'decimal' },
          }}
          sx={{ width: 170 }}
        />
      </Stack>
      {error === null ? null : (
        <Alert severity="error">{fieldErrors.length > 0 ? fieldErrors.join(' ') : error.message}</Alert>
      )}
      {suggestion.data === undefined || error !== null ? null : (
        <SuggestionSummary answer={suggestion.data} />
      )}
    </Stack>
  );
}
