import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { config as configureZod } from 'zod/v4/core';
import { App } from './app/app';
import { registerServiceWorker } from './lib/service-worker';

// zod's faster parsers are compiled with new Function, which the Content-Security-Policy forbids: the
// browser would report a violation on every page with a form. The plain parsers are fast enough here.
configureZod({ jitless: true });

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');

// The first render as a transition lets React yield to the browser between components, so a slow
// phone's main thread is never blocked for long while the first page is drawn.
const root = createRoot(container);
startTransition(() => {
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});

registerServiceWorker();
