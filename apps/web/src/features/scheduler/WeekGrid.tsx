import { WEEK_DAYS } from '@finlens/cost-model/scheduler/week';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { moveCell, paintCells } from './scheduler-view';

const DAY_LABELS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
const HOURS = Array.from({ length: 24 }, (_, h) => h);
const cap = (s: string) => s[0]?.toUpperCase() + s.slice(1);
const clock = (h: number) => `${String(h).padStart(2, '0')}:00`;

/**
 * The 168-hour week as a 7×24 grid (Monday first, local hours of the schedule's zone): drag to paint running
 * or stopped hours (the first cell's opposite is the paint); arrow keys move, Space toggles, Shift+arrow
 * carries the current cell's state to the next one.
 */
export function WeekGrid({
  positions,
  onChange,
  label = 'Running hours of the week',
}: {
  positions: readonly number[];
  onChange: (positions: number[]) => void;
  label?: string;
}) {
  const running = new Set(positions);
  const [focus, setFocus] = useState(8);
  const paint = useRef<boolean | null>(null);
  const cells = useRef(new Map<number, HTMLDivElement>());
  const latest = useRef(positions);
  latest.current = positions;

  useEffect(() => {
    const stop = () => {
      paint.current = null;
    };
    window.addEventListener('mouseup', stop);
    return () => window.removeEventListener('mouseup', stop);
  }, []);

  const moveTo = (cell: number) => {
    setFocus(cell);
    cells.current.get(cell)?.focus();
  };

  const onKeyDown = (event: KeyboardEvent, cell: number) => {
    if (event.key === ' ' || event.key === 'Enter') {
      event.preventDefault();
      onChange(paintCells(latest.current, [cell], !running.has(cell)));
      return;
    }
    const next = moveCell(cell, event.key);
    if (next === null) return;
    event.preventDefault();
    if (event.shiftKey) onChange(paintCells(latest.current, [next], running.has(cell)));
    moveTo(next);
  };

  return (
    <Box>
      <Box
        role="grid"
        aria-label={label}
        aria-multiselectable="true"
        sx={{
          display: 'grid',
          gridTemplateColumns: '44px repeat(24, minmax(18px, 1fr))',
          gap: '2px',
          userSelect: 'none',
          maxWidth: 820,
          // One style for the 168 cells (plain divs: a styled component each makes painting slow).
          '& [role="gridcell"]': {
            height: 22,
            borderRadius: 0.5,
            cursor: 'pointer',
            bgcolor: 'action.hover',
            outline: 'none',
          },
          '& [role="gridcell"][aria-selected="true"]': { bgcolor: 'success.main' },
          '& [role="gridcell"]:focus-visible': { boxShadow: (t) => `0 0 0 2px ${t.palette.primary.main}` },
        }}
      >
        <Box role="row" sx={{ display: 'contents' }}>
          <Box role="columnheader" />
          {HOURS.map((h) => (
            <Box
              key={h}
              role="columnheader"
              aria-label={clock(h)}
              sx={{ fontSize: 11, textAlign: 'center', color: 'text.secondary' }}
            >
              {h % 3 === 0 ? h : ''}
            </Box>
          ))}
        </Box>
        {WEEK_DAYS.map((day, d) => (
          <Box role="row" key={day} sx={{ display: 'contents' }}>
            <Box role="rowheader" aria-label={cap(day)} sx={{ fontSize: 13, alignSelf: 'center' }}>
              {DAY_LABELS[d]}
            </Box>
            {HOURS.map((h) => {
              const cell = d * 24 + h;
              const on = running.has(cell);
              return (
                // biome-ignore lint/a11y/useSemanticElements: the 7×24 grid is a CSS grid of divs (rows are display: contents); a table would not lay it out.
                <div
                  key={h}
                  ref={(el: HTMLDivElement | null) => {
                    if (el) cells.current.set(cell, el);
                    else cells.current.delete(cell);
                  }}
                  role="gridcell"
                  aria-selected={on}
                  aria-label={`${cap(day)} ${clock(h)}, ${on ? 'running' : 'stopped'}`}
                  tabIndex={cell === focus ? 0 : -1}
                  onFocus={() => setFocus(cell)}
                  onKeyDown={(e) => onKeyDown(e, cell)}
                  onMouseDown={(e) => {
                    e.preventDefault();
                    paint.current = !on;
                    moveTo(cell);
                    onChange(paintCells(latest.current, [cell], !on));
                  }}
                  onMouseEnter={() => {
                    if (paint.current !== null) onChange(paintCells(latest.current, [cell], paint.current));
                  }}
                />
              );
            })}
          </Box>
        ))}
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        {positions.length} running hours a week, {168 - positions.length} stopped. Drag to paint; arrow keys
        move, Space toggles, Shift+arrow carries the state along.
      </Typography>
    </Box>
  );
}
