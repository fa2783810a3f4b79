import { ADMIN_QUERY_ROOT } from '../../../lib/query-client';

/**
 * Query keys more than one admin area uses. Every decision that changes what is waiting for review
 * invalidates the pending counts, so the dashboard is right when the admin returns to it.
 */
export const adminKeys = {
  all: [ADMIN_QUERY_ROOT] as const,
  pendingCounts: () => [ADMIN_QUERY_ROOT, 'pending-counts'] as const,
  files: () => [ADMIN_QUERY_ROOT, 'files'] as const,
  file: (url: string) => [ADMIN_QUERY_ROOT, 'files', url] as const,
  fileViewLink: (url: string) => [ADMIN_QUERY_ROOT, 'file-view-links', url] as const,
};
