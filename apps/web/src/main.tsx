import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { registerServiceWorker } from './lib/service-worker';

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
