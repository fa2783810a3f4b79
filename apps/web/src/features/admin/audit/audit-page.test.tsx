import type { AuditPage as AuditPageData } from '@letsema/domain';
import { describe, expect, it } from 'vitest';
import { drawPage, readText } from '../../../lib/test-render';
import { auditKeys, emptyAuditFilters } from './api';
import { AuditPage } from './audit-page';

const entry = (id: number, action: string): AuditPageData['entries'][number] => ({
  id,
  at: '2026-11-25T08:00:00Z',
  actor: { id: 'u1', email: 'thabo@example.org', fullName: 'Thabo Molefe' },
  action,
  targetType: 'user',
  targetId: 'u1',
  outcome: 'success',
  ip: '192.0.2.1',
  userAgent: null,
  before: null,
  after: null,
});

const page: AuditPageData = {
  entries: [entry(2, 'auth.sign_in'), entry(1, 'future.thing')],
  pagination: { page: 1, limit: 25, total: 2, totalPages: 1 },
};

describe('the audit log', () => {
  const html = drawPage(<AuditPage />, { data: [[auditKeys.page(emptyAuditFilters, 1), page]] });
  const entries = [...html.matchAll(/<li>(.*?)<\/li>/gs)].map((match) => match[1]!);

  it('names the action in words, with its code beside it for the filter and the CSV', () => {
    expect(entries).toHaveLength(2);
    expect(entries[0]).toMatch(/>Sign-in<\/p><code[^>]*>auth\.sign_in<\/code>/);
  });

  it('shows a code it has no words for once, as it is', () => {
    expect(readText(entries[1]!)).toMatch(/^future\.thingsuccess/);
    expect(entries[1]).not.toContain('<code');
  });
});
