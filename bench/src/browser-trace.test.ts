import { describe, expect, it } from 'vitest';
import { clickCpu, type TraceEvent } from './browser-trace';

const PAGE = { pid: 1, tid: 7 };
const OTHER = { pid: 2, tid: 7 };
const ms = 1000;

/** A task of the page's main thread: start and wall time in ms, its CPU in ms. */
const task = (start: number, wall: number, cpu: number, thread = PAGE): TraceEvent => ({
  name: 'RunTask',
  ph: 'X',
  ...thread,
  ts: start * ms,
  dur: wall * ms,
  tdur: cpu * ms,
});
const inside = (name: string, at: number, extra: Partial<TraceEvent> = {}): TraceEvent => ({
  name,
  ph: 'X',
  ...PAGE,
  ts: at * ms,
  dur: 1 * ms,
  tdur: 1 * ms,
  ...extra,
});
const main = (thread: { pid: number; tid: number }): TraceEvent => ({
  name: 'thread_name',
  ph: 'M',
  ...thread,
  ts: 0,
  args: { name: 'CrRendererMain' },
});

describe('clickCpu', () => {
  it("times each click's own task and its work up to the first paint, and counts nothing from before the first click", () => {
    const figures = clickCpu({
      traceEvents: [
        main(PAGE),
        main(OTHER),
        // The page's load, before the first click: the longest task of the trace, but no click's.
        task(0, 120, 90),
        // Another renderer (an idle frame of another page): not the page's thread.
        task(10, 80, 1, OTHER),
        // Click 1: its task, a task between, then the task that paints.
        task(1000, 12, 8),
        inside('EventDispatch', 1002, { args: { data: { type: 'click' } } }),
        inside('UpdateLayoutTree', 1009, { tdur: 2 * ms }),
        task(1013, 3, 2),
        task(1020, 5, 4),
        inside('Paint', 1021),
        inside('Layout', 1022, { tdur: 0.5 * ms }),
        // What the click sets off later: the longest task after it.
        task(1200, 70, 60),
        // Click 2: painted in its own task.
        task(2000, 10, 6),
        inside('EventDispatch', 2001, { args: { data: { type: 'click' } } }),
        inside('Paint', 2008),
      ],
    });
    expect(figures.clickTaskMs).toEqual([8, 6]);
    expect(figures.toPaintMs).toEqual([14, 6]);
    expect(figures.longestTaskMs).toBe(70);
    expect(figures.longestTaskCpuMs).toBe(60);
    expect(figures.totalMs).toBe(8 + 2 + 4 + 60 + 6);
    expect(figures.styleMs).toBe(2);
    expect(figures.layoutMs).toBe(0.5);
  });
});
