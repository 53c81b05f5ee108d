/** Lets the event loop answer what waits (other users' requests, /api/health) before CPU-heavy work goes on. */
export function yieldToEventLoop(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/**
 * Calls `work` on each item in order, giving the event loop a turn after every `batch` items: a loop over many
 * rows or series holds it for one batch at most, whatever the number of items.
 */
export async function forEachPaced<T>(
  items: Iterable<T>,
  batch: number,
  work: (item: T) => void,
): Promise<void> {
  let count = 0;
  for (const item of items) {
    work(item);
    count += 1;
    if (count % batch === 0) await yieldToEventLoop();
  }
}
