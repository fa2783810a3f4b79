import { useState, type ComponentType } from 'react';

/**
 * A panel (a popover, a menu) whose code is fetched when it is first about to open: `preload` when a
 * pointer or the keyboard reaches its button, `open` on the press. `load` is a `loadOnce` loader, so
 * the fetch happens once; a failed one leaves the panel closed and the next press tries again.
 */
export function usePanelOnDemand<Props>(load: () => Promise<ComponentType<Props>>, name: string) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [Panel, setPanel] = useState<ComponentType<Props> | null>(null);
  return {
    anchor,
    isOpen: Boolean(anchor),
    /** The panel's component once fetched, else null (nothing to draw yet). */
    Panel,
    preload: () => void load().catch(() => undefined),
    open: (button: HTMLElement) => {
      load().then(
        (loaded) => {
          setPanel(() => loaded);
          setAnchor(button);
        },
        (error: unknown) => console.error(`The ${name} could not be loaded`, error),
      );
    },
    close: () => setAnchor(null),
  };
}
