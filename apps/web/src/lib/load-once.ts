/**
 * A loader that fetches once and then answers from memory: for code fetched the first time it is
 * needed (a form's rules, a panel's parts). A failed fetch (the network dropped) is tried again on the
 * next call.
 */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    }));
}
