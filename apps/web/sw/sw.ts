// The service worker: keeps the app's own files so it starts fast and can say it is offline. It never
// keeps an answer of the API: /api/* holds members' personal data and money, so no route below
// matches it and those requests go to the network untouched, also when the network fails.
import { cacheNames, clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { PrecacheFallbackPlugin, precacheAndRoute, type PrecacheEntry } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkOnly } from 'workbox-strategies';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<PrecacheEntry | string> };

/**
 * Hashed files fetched after start (each page's chunk). Its name stays the same across releases: a tab
 * still running the previous release may need its chunks after the server dropped them.
 */
const ASSETS_CACHE = 'letsema-assets';
const OFFLINE_PAGE = '/offline.html';

// Pages always come from the network, so a member never sees a stale screen; when the network fails
// the offline page answers instead. Registered first, so a page address never reaches the precache.
registerRoute(
  new NavigationRoute(new NetworkOnly({ plugins: [new PrecacheFallbackPlugin({ fallbackURL: OFFLINE_PAGE })] }), {
    denylist: [/^\/api(\/|$)/],
  }),
);

// The app shell, listed at build time: index.html, the offline page, the manifest, the icons and the
// entry script with the chunks it imports. Only these are fetched on install.
precacheAndRoute(self.__WB_MANIFEST, { directoryIndex: '', cleanURLs: false });

registerRoute(
  ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/assets/'),
  new CacheFirst({
    cacheName: ASSETS_CACHE,
    plugins: [new ExpirationPlugin({ maxEntries: 150, purgeOnQuotaError: true })],
  }),
);

// A new release waits until the member chooses Reload in the prompt, which sends this message.
self.addEventListener('message', (event: ExtendableMessageEvent) => {
  if ((event.data as { type?: unknown } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});

// Caches of earlier releases or older designs go when a new worker takes over.
self.addEventListener('activate', (event) => {
  event.waitUntil(deleteOtherCaches([cacheNames.precache, ASSETS_CACHE]));
});

async function deleteOtherCaches(keep: string[]): Promise<void> {
  const names = await caches.keys();
  await Promise.all(names.filter((name) => !keep.includes(name)).map((name) => caches.delete(name)));
}

// The first install controls the open page at once, so it works offline without a reload.
clientsClaim();
