import { describe, expect, it } from 'vitest';
import { adminPagePermissions } from '../permissions.js';
import { queueKeys, queuesFor, waitingQueues } from './queues.js';

/** The role the closest page of the map needs, as the admin shell judges a path. */
function pageRole(path: string) {
  for (let page = path; page; page = page.slice(0, page.lastIndexOf('/'))) {
    if (Object.hasOwn(adminPagePermissions, page)) return adminPagePermissions[page];
  }
  return undefined;
}

describe('waitingQueues', () => {
  it('names each queue once', () => {
    expect(new Set(queueKeys).size).toBe(waitingQueues.length);
  });

  it.each(waitingQueues.map((queue) => [queue.key, queue.path, queue.role] as const))(
    'opens %s on %s, a page its role %s may open',
    (_key, path, role) => {
      const needed = pageRole(path);
      expect(needed === null || needed === role).toBe(true);
    },
  );

  it.each([
    [['payment_management'], ['payments', 'loanRepayments']],
    [['loan_management'], ['loans', 'loanWaivers']],
    [['exit_requests'], ['withdrawals', 'exits']],
    [['member_management'], ['registrations', 'corrections', 'passwordResets']],
    [['audit'], []],
  ])('gives roles %j the queues %j', (roles, keys) => {
    expect(queuesFor({ isAdmin: true, adminRoles: roles }).map((queue) => queue.key)).toEqual(keys);
  });

  it('gives the super admin every queue and a member none', () => {
    expect(queuesFor({ isAdmin: true, isSuperAdmin: true, adminRoles: [] })).toHaveLength(waitingQueues.length);
    expect(queuesFor({ isAdmin: false, adminRoles: ['payment_management'] })).toEqual([]);
  });
});
