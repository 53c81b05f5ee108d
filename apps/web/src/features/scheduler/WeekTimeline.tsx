import type { ScheduleTimeline } from '@finlens/contracts/scheduler';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { BarsLoader } from '../../components/BarsLoader';
import { useScheduleTimeline } from './api/schedule-timeline-query';
import { formatInstant } from './format-instant';
import { bars } from './scheduler-view';

const COLORS: Record<string, string> = {
  running: 'success.main',
  stopped: 'grey.400',
  transitional: 'warning.main',
  unknown: 'transparent',
};
const LABEL_WIDTH = 48;
const DAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

/** A local day (YYYY-MM-DD) `weeks` weeks from the one the timeline shows. */
const shiftWeek = (isoDay: string, weeks: number) =>
  new Date(Date.parse(`${isoDay}T12:00:00Z`) + weeks * 7 * 86_400_000).toISOString().slice(0, 10);

/** A week of desired vs actual state per resource, one pair of bars each; earlier weeks a click away. */
export function WeekTimeline({ scheduleId, zone }: { scheduleId: string; zone: string }) {
  const [week, setWeek] = useState<string | null>(null);
  const timeline = useScheduleTimeline(scheduleId, week);
  const data = timeline.data;
  const monday = data === undefined ? null : localDay(data.from, zone);
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-label="Desired and actual state">
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
        <Typography variant="h6" component="h2" sx={{ flexGrow: 1 }}>
          This week: desired vs actual
        </Typography>
        <Button
          size="small"
          disabled={monday === null}
          onClick={() => monday && setWeek(shiftWeek(monday, -1))}
        >
          Previous week
        </Button>
        <Button size="small" disabled={week === null} onClick={() => setWeek(null)}>
          This week
        </Button>
        <Button
          size="small"
          disabled={monday === null}
          onClick={() => monday && setWeek(shiftWeek(monday, 1))}
        >
          Next week
        </Button>
      </Stack>
      {timeline.isError ? (
        <Alert severity="error">{timeline.error.message}</Alert>
      ) : data === undefined ? (
        <BarsLoader label="Loading the timeline" />
      ) : data.resources.length === 0 ? (
        <Alert severity="info">No resource is scheduled: choose resources or a tag that matches some.</Alert>
      ) : (
        <TimelineBody data={data} zone={zone} />
      )}
      <Stack direction="row" spacing={2} sx={{ mt: 1 }}>
        {(['running', 'stopped', 'transitional', 'unknown'] as const).map((state) => (
          <Stack key={state} direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
            <Box sx={{ width: 12, height: 12, bgcolor: COLORS[state], border: 1, borderColor: 'divider' }} />
            <Typography variant="caption">{state === 'unknown' ? 'not seen' : state}</Typography>
          </Stack>
        ))}
      </Stack>
    </Paper>
  );
}

function localDay(iso: string, zone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: zone }).format(new Date(iso));
}

function TimelineBody({ data, zone }: { data: ScheduleTimeline; zone: string }) {
  const nowShare =
    ((Date.parse(data.now) - Date.parse(data.from)) / (Date.parse(data.to) - Date.parse(data.from))) * 100;
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(120px, 200px) 1fr', rowGap: 1, columnGap: 2 }}>
      <Box />
      <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(7, 1fr)', ml: `${LABEL_WIDTH + 8}px` }}>
        {DAYS.map((d) => (
          <Typography
            key={d}
            variant="caption"
            color="text.secondary"
            sx={{ borderLeft: 1, borderColor: 'divider', pl: 0.5 }}
          >
            {d}
          </Typography>
        ))}
      </Box>
      {data.resources.map((r) => (
        <Box key={`${r.kind}|${r.resource_id}`} sx={{ display: 'contents' }}>
          <Typography variant="body2" sx={{ wordBreak: 'break-all', alignSelf: 'center' }}>
            {r.name ?? r.resource_id}
          </Typography>
          <Stack spacing={0.5} aria-label={`Timeline of ${r.resource_id}`}>
            <Bar
              label="Desired"
              segments={r.desired}
              from={data.from}
              to={data.to}
              zone={zone}
              now={nowShare}
            />
            <Bar
              label="Actual"
              segments={r.actual}
              from={data.from}
              to={data.to}
              zone={zone}
              now={nowShare}
            />
          </Stack>
        </Box>
      ))}
    </Box>
  );
}

function Bar({
  label,
  segments,
  from,
  to,
  zone,
  now,
}: {
  label: string;
  segments: ScheduleTimeline['resources'][number]['desired' | 'actual'];
  from: string;
  to: string;
  zone: string;
  now: number;
}) {
  return (
    <Stack direction="row" sx={{ alignItems: 'center', gap: 1 }}>
      <Typography variant="caption" sx={{ width: LABEL_WIDTH, flexShrink: 0 }}>
        {label}
      </Typography>
      <Box sx={{ position: 'relative', height: 14, flex: 1, bgcolor: 'action.hover', borderRadius: 0.5 }}>
        {bars(segments, from, to).map((s) => (
          <Tooltip
            key={s.from}
            title={`${s.state}: ${formatInstant(s.from, zone)} – ${formatInstant(s.to, zone)}`}
            disableInteractive
          >
            <Box
              data-state={s.state}
              sx={{
                position: 'absolute',
                top: 0,
                bottom: 0,
                left: `${s.left}%`,
                width: `${s.width}%`,
                bgcolor: COLORS[s.state],
              }}
            />
          </Tooltip>
        ))}
        {now > 0 && now < 100 ? (
          <Box
            sx={{
              position: 'absolute',
              top: -2,
              bottom: -2,
              left: `${now}%`,
              width: 2,
              bgcolor: 'error.main',
            }}
          />
        ) : null}
      </Box>
    </Stack>
  );
}
