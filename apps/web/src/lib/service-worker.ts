/// <reference types="vite-plugin-pwa/vanillajs" />
import { useSyncExternalStore } from 'react';
import { registerSW } from 'virtual:pwa-register';

/** Lets the waiting release take over; the page reloads once it has. */
export type ApplyUpdate = () => Promise<void>;

let waitingUpdate: ApplyUpdate | null = null;
const listeners = new Set<() => void>();

/**
 * Registers the service worker (/sw.js, built from sw/sw.ts) in a production build, in browsers
 * that have service workers. A development server has none, so it never serves stale modules.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const updateServiceWorker = registerSW({
    onNeedRefresh: () => announceWaitingUpdate(() => activateWaitingRelease(updateServiceWorker)),
    // The reload is done below: the library's own reloads only a page that was already controlled by
    // a worker when it opened, not one opened on the visit that installed the first worker.
    onNeedReload: () => undefined,
  });
}

/** Asks the waiting worker to take over, and reloads the page once it has. */
async function activateWaitingRelease(updateServiceWorker: (reloadPage?: boolean) => Promise<void>): Promise<void> {
  navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), { once: true });
  await updateServiceWorker(true);
}

/** Records that a new release is installed and waiting, for the update prompt to offer. */
function announceWaitingUpdate(apply: ApplyUpdate): void {
  waitingUpdate = apply;
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The waiting release's activation, or null while none waits. */
export function useWaitingUpdate(): ApplyUpdate | null {
  return useSyncExternalStore(
    subscribe,
    () => waitingUpdate,
    () => null,
  );
}
