import type { FieldValues, Resolver } from 'react-hook-form';

/**
 * A form resolver whose rules (zod and the domain's schema) are fetched the first time the form needs
 * them, so a page can show before them. `preload` starts the fetch early, e.g. on the first key or press in the form.
 */
export function lazyResolver<TInput extends FieldValues, TContext, TOutput>(
  load: () => Promise<Resolver<TInput, TContext, TOutput>>,
) {
  let loading: Promise<Resolver<TInput, TContext, TOutput>> | undefined;
  const preload = () => {
    // A failed fetch (the network dropped) is tried again on the next submit.
    loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    return loading;
  };
  const resolver: Resolver<TInput, TContext, TOutput> = async (values, context, options) =>
    (await preload())(values, context, options);
  return { resolver, preload: () => void preload().catch(() => undefined) };
}
