import type { FieldValues, Resolver } from 'react-hook-form';
import { loadOnce } from './load-once';

/**
 * A form resolver whose rules (zod and the domain's schema) are fetched the first time the form needs
 * them, so a page can show before them. `preload` starts the fetch early, e.g. on the first key or press in the form.
 */
export function lazyResolver<TInput extends FieldValues, TContext, TOutput>(
  load: () => Promise<Resolver<TInput, TContext, TOutput>>,
) {
  // A failed fetch (the network dropped) is tried again on the next submit.
  const preload = loadOnce(load);
  const resolver: Resolver<TInput, TContext, TOutput> = async (values, context, options) =>
    (await preload())(values, context, options);
  return { resolver, preload: () => void preload().catch(() => undefined) };
}
