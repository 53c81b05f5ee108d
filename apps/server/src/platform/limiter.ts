/**
 * Runs at most `max` of the tasks given to it at once, the others in the order they came: a fan-out over many
 * clients or regions reads the warehouse or a cloud a few at a time instead of all at once.
 */
export function limiter(max: number) {
  let active = 0;
  const waiting: (() => void)[] = [];
  return async <T>(task: () => Promise<T>): Promise<T> => {
    if (active >= max) await new Promise<void>((resolve) => waiting.push(resolve));
    active += 1;
    try {
      return await task();
    } finally {
      active -= 1;
      waiting.shift()?.();
    }
  };
}
