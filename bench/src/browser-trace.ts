/** Chromium traces of the browser bench's clicks, read in CPU time. */

/** Trace categories with the renderer's tasks and their thread (CPU) time. */
export const TRACE_CATEGORIES = ['toplevel', 'devtools.timeline', 'disabled-by-default-devtools.timeline'];

export interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  /** Wall time of a complete event, µs. */
  dur?: number;
  /** Thread (CPU) time of a complete event, µs. */
  tdur?: number;
  args?: { name?: string; data?: { type?: string } };
}

/**
 * The page's main-thread work over a trace of the clicks, in thread (CPU) time as well as wall time (a loaded
 * machine stretches tasks' wall time, hardly their CPU). Per click: the CPU of the task that ran its click event
 * (what stands between the click and its first paint) and of every task from that one to the first paint after it.
 * From the first click on (what the page did before it, its load, is no click's): all tasks' CPU with its style and
 * layout share, and the longest task, wall and CPU. The page's main thread is the busiest renderer main thread.
 */
export function clickCpu(trace: { traceEvents: TraceEvent[] }) {
  const threads = new Set(
    trace.traceEvents
      .filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
      .map((e) => `${e.pid}:${e.tid}`),
  );
  const byThread = new Map<string, TraceEvent[]>();
  for (const e of trace.traceEvents) {
    const thread = `${e.pid}:${e.tid}`;
    if (e.ph !== 'X' || !threads.has(thread)) continue;
    const events = byThread.get(thread) ?? [];
    events.push(e);
    byThread.set(thread, events);
  }
  const ms = (us: number | undefined) => (us ?? 0) / 1000;
  const cpuOf = (events: TraceEvent[], name: string) =>
    events.filter((e) => e.name === name).reduce((sum, e) => sum + ms(e.tdur), 0);
  const busiest = [...byThread.values()].sort((a, b) => cpuOf(b, 'RunTask') - cpuOf(a, 'RunTask'))[0] ?? [];
  busiest.sort((a, b) => a.ts - b.ts);
  const tasks = busiest.filter((e) => e.name === 'RunTask');
  const taskAt = (ts: number) => tasks.find((t) => t.ts <= ts && ts <= t.ts + (t.dur ?? 0));
  const clickTasks = busiest
    .filter((e) => e.name === 'EventDispatch' && e.args?.data?.type === 'click')
    .map((click) => taskAt(click.ts))
    .filter((task) => task !== undefined);
  const paints = busiest.filter((e) => e.name === 'Paint');
  const toPaintMs = clickTasks.map((task) => {
    const paint = paints.find((p) => p.ts >= task.ts)?.ts ?? Number.POSITIVE_INFINITY;
    return tasks.filter((t) => t.ts >= task.ts && t.ts <= paint).reduce((sum, t) => sum + ms(t.tdur), 0);
  });
  const from = clickTasks[0]?.ts ?? Number.POSITIVE_INFINITY;
  const after = busiest.filter((e) => e.ts >= from);
  const afterTasks = after.filter((e) => e.name === 'RunTask');
  return {
    clickTaskMs: clickTasks.map((t) => ms(t.tdur)),
    toPaintMs,
    totalMs: cpuOf(after, 'RunTask'),
    styleMs: cpuOf(after, 'UpdateLayoutTree'),
    layoutMs: cpuOf(after, 'Layout'),
    longestTaskMs: Math.max(0, ...afterTasks.map((t) => ms(t.dur))),
    longestTaskCpuMs: Math.max(0, ...afterTasks.map((t) => ms(t.tdur))),
  };
}
