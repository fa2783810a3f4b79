import { useCallback, useSyncExternalStore } from 'react';

/** Screens at the theme's `md` breakpoint and wider (`theme.breakpoints.up('md')`): the sidebar's. */
export const WIDE_SCREEN_QUERY = '(min-width:900px)';

/** Screens narrower than the theme's `sm` breakpoint (`theme.breakpoints.down('sm')`): phones. */
export const PHONE_QUERY = '(max-width:599.95px)';

/**
 * Whether the screen matches a media query, kept up to date as it turns or is resized. It is read at
 * once, so the first drawing is already the right one. MUI's `useMediaQuery` does the same, but it is a
 * file of its own on the first screens and reads the query from the theme while drawing.
 */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(query).matches,
    () => false,
  );
}
