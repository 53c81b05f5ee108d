/** Lets the event loop answer what waits (other users' requests, /api/health) before CPU-heavy work goes on. */
export function yieldToEventLoop(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/**
 * Series cells (period costs) of a cost answer built, copied, checked or written per turn of the event loop: the
 * heaviest answer (≈ 2.2M cells) is worked through in a few hundred turns, each about a millisecond.
 */
export const CELLS_PER_TURN = 8_192;

/**
 * Counts work done and gives the event loop a turn each time `batch` units were done since the last turn: a loop
 * calling `await pace(units)` after each step (a series of cells, a chunk of rows) holds the loop for about one
 * batch at most, however many steps there are. A step bigger than a batch still runs whole.
 */
export function pacer(batch: number): (units: number) => Promise<void> {
  let done = 0;
  return async (units) => {
    done += units;
    if (done < batch) return;
    done = 0;
    await yieldToEventLoop();
  };
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

/**
 * `items` sorted by `compare` (stable), giving the event loop a turn after every `batch` items sorted or merged:
 * runs of `batch` are sorted one per turn, then merged pairwise, so a 100k-item sort holds the loop for one batch's
 * work at a time instead of its whole length.
 */
export async function sortPaced<T>(
  items: readonly T[],
  compare: (a: T, b: T) => number,
  batch = 4_096,
): Promise<T[]> {
  let runs: T[][] = [];
  for (let start = 0; start < items.length; start += batch) {
    runs.push(items.slice(start, start + batch).sort(compare));
    if (start + batch < items.length) await yieldToEventLoop();
  }
  let sinceTurn = 0;
  while (runs.length > 1) {
    const merged: T[][] = [];
    for (let r = 0; r < runs.length; r += 2) {
      const left = runs[r] as T[];
      const right = runs[r + 1];
      if (right === undefined) {
        merged.push(left);
        continue;
      }
      const out: T[] = new Array(left.length + right.length);
      let i = 0;
      let j = 0;
      let k = 0;
      while (i < left.length || j < right.length) {
        // Ties keep the left run's item first: the sort stays stable.
        if (j >= right.length || (i < left.length && compare(left[i] as T, right[j] as T) <= 0)) {
          out[k++] = left[i++] as T;
        } else out[k++] = right[j++] as T;
        if (++sinceTurn === batch) {
          sinceTurn = 0;
          await yieldToEventLoop();
        }
      }
      merged.push(out);
    }
    runs = merged;
  }
  return runs[0] ?? [];
}
