import { queuesFor, type QueueKey } from '@letsema/domain';
import { canOpenAdminPage } from '../../../shell/admin-nav';
import type { PendingCounts } from './api';

export interface PendingTile {
  key: QueueKey;
  label: string;
  description: string;
  path: string;
  count: number;
}

/**
 * The dashboard's tiles, in the queues' order: one for each queue the admin's roles decide that the
 * answer counted and whose page the admin may open, so a tile never leads to a refusal.
 */
export function getPendingTiles(
  counts: PendingCounts,
  admin: { isAdmin: boolean; adminRoles: readonly string[]; isSuperAdmin?: boolean },
): PendingTile[] {
  return queuesFor(admin).flatMap((queue) => {
    const count = counts[queue.key];
    if (count === undefined || !canOpenAdminPage(admin, queue.path)) return [];
    return [{ key: queue.key, label: queue.label, description: queue.description, path: queue.path, count }];
  });
}

/** How many items wait in all, for the line under the title. */
export function getTotalPending(tiles: readonly PendingTile[]): number {
  return tiles.reduce((total, tile) => total + tile.count, 0);
}
