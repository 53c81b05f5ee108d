/**
 * Starts `work` and a waiting callback (another user's request) in the same turn of the event loop and tells
 * the order they end in: work that holds the loop until it is done ends first ('done'); work that gives the
 * loop a turn lets the waiting callback run before it ends ('waiting request').
 */
export function orderAgainstWaiting<T>(work: () => Promise<T> | T): Promise<{ order: string[]; result: T }> {
  const order: string[] = [];
  return new Promise((resolve, reject) => {
    setImmediate(() => {
      try {
        Promise.resolve(work()).then((result) => {
          order.push('done');
          resolve({ order, result });
        }, reject);
      } catch (error) {
        reject(error);
      }
    });
    setImmediate(() => order.push('waiting request'));
  });
}
