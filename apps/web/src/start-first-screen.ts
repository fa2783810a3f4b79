import { startFirstScreenRequests } from './lib/early-requests';

// Evaluated as the first import of main.tsx: the first screen's API calls start before the router
// and the component modules are evaluated.
startFirstScreenRequests(window.location.pathname);
