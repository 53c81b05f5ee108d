import { startTransition, useEffect, useState } from 'react';

/** Runs `work` in a task of its own once the next frame is painted (queued from the frame's animation callback). */
export function afterNextPaint(work: () => void): void {
  requestAnimationFrame(() => setTimeout(work, 0));
}

/**
 * `value` one painted frame late: a change is taken in a task after the frame its render drew. The Explorer's grid
 * takes a new answer this way, after the frame that drew the chart, so the chart's drawing and the grid's new rows
 * (each about 20 ms of script, layout and paint) are two frames, neither a long task.
 */
export function useAfterPaint<T>(value: T): T {
  const [late, setLate] = useState(value);
  useEffect(() => {
    let live = true;
    afterNextPaint(() => {
      if (live) startTransition(() => setLate(value));
    });
    return () => {
      live = false;
    };
  }, [value]);
  return late;
}
