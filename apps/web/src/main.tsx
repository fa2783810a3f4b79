// First, so that it runs before the modules below are evaluated (the router starts fetching the
// page's chunks as it is created): on a slow network the first screen's answers then arrive with them.
import './start-first-screen';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { focusAutoFocusElementsOnMount } from './lib/autofocus';
import { registerServiceWorker } from './lib/service-worker';
import { preferPlainZodParsers } from './lib/zod-config';

preferPlainZodParsers();

// The build runs the app on Preact (see vite.config.ts); this gives `autoFocus` React's meaning there.
focusAutoFocusElementsOnMount();

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');

// The first render as a transition lets React yield to the browser between components. The build's
// Preact runs a transition at once, so there the first render is one task; the first screens are kept
// cheap to draw instead (plain elements and static style sheets, components/plain).
const root = createRoot(container);
startTransition(() => {
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});

registerServiceWorker();
