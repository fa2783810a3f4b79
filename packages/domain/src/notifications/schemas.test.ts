import { describe, expect, it } from 'vitest';
import { listNotificationsQuery, notificationMessages } from './schemas.js';

describe('listNotificationsQuery', () => {
  it.each([
    [{}, { page: 1, limit: 20 }],
    [{ page: '2' }, { page: 2, limit: 20 }],
    [
      { page: '3', limit: '10' },
      { page: 3, limit: 10 },
    ],
    [{ limit: '1' }, { page: 1, limit: 1 }],
    [{ limit: '50' }, { page: 1, limit: 50 }],
    [{ page: ' 4 ' }, { page: 4, limit: 20 }],
    [
      { page: 5, limit: 7, other: 'ignored' },
      { page: 5, limit: 7 },
    ],
  ])('reads %j as %j', (input, expected) => {
    expect(listNotificationsQuery.parse(input)).toEqual(expected);
  });

  it.each([
    [{ page: '0' }, 'page'],
    [{ page: '-1' }, 'page'],
    [{ page: 'abc' }, 'page'],
    [{ page: '1.5' }, 'page'],
    [{ page: '100001' }, 'page'],
    [{ limit: '0' }, 'limit'],
    [{ limit: '51' }, 'limit'],
    [{ limit: 'abc' }, 'limit'],
    [{ limit: ['10', '20'] }, 'limit'],
  ])('refuses %j with the message for %s', (input, field) => {
    const result = listNotificationsQuery.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      [field, notificationMessages[field as 'page' | 'limit']],
    ]);
  });
});
