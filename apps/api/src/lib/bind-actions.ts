/** An action with its dependencies given: what a route calls. */
export type BoundAction<D, F> = F extends (deps: D, ...args: infer P) => infer R ? (...args: P) => R : never;

/**
 * Gives each action of a module its dependencies once, so that a route calls
 * `payouts.approveExit(actorId, id)` while `approve-exit.ts` declares exactly what it needs.
 */
export function bindActions<D, A extends Record<string, (deps: D, ...args: never) => unknown>>(
  deps: D,
  actions: A,
): { [K in keyof A]: BoundAction<D, A[K]> } {
  return Object.fromEntries(
    Object.entries(actions).map(([name, action]) => [
      name,
      (...args: unknown[]) => (action as (deps: D, ...rest: unknown[]) => unknown)(deps, ...args),
    ]),
  ) as { [K in keyof A]: BoundAction<D, A[K]> };
}
