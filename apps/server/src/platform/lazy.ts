/**
 * `load` run once, on the first call; every call gets its promise. For the clients of outside systems whose SDKs
 * are thousands of modules (AWS, Azure, Kubernetes): a process that never calls them never loads them.
 */
export function lazy<T>(load: () => Promise<T>): () => Promise<T> {
  let loaded: Promise<T> | null = null;
  return () => {
    loaded ??= load();
    return loaded;
  };
}
