import { monthEndSteps } from '@letsema/domain';
import { describe, expect, it } from 'vitest';
import { drawPage, readText } from '../../../lib/test-render';
import { bookKeys, type PeriodDetail, type PeriodSummary } from './api';
import { MonthEndPage } from './month-end-page';

const periods: PeriodSummary[] = [
  { period: '2026-11', status: 'open', nextStep: 'lock', hasEnded: true },
  { period: '2026-10', status: 'closed', nextStep: null, hasEnded: true },
];

const november: PeriodDetail = {
  period: '2026-11',
  status: 'open',
  nextStep: 'lock',
  steps: monthEndSteps.map((step) => ({ step, label: step, doneBy: null, doneAt: null })),
  pending: { payments: [], expenses: [], income: [] },
  bank: { ledgerBalance: 0, statementBalance: null, difference: null, statementUrl: null },
  calculation: null,
  reports: null,
  adjustments: [],
  reopenRequests: [],
};

describe('the month end', () => {
  const html = drawPage(<MonthEndPage />, {
    data: [
      [bookKeys.periods(), periods],
      [bookKeys.period('2026-11'), november],
    ],
  });

  // Months were shown as '2026-11' beside dates written 'Nov 25, 2026'.
  it('names the months in words in the list of months', () => {
    const months = /<nav[^>]*aria-label="Months"[^>]*>(.*?)<\/nav>/s.exec(html)?.[1] ?? '';
    expect(readText(months)).toBe('November 2026OpenOctober 2026Closed');
  });

  it('names the chosen month in words, in its heading and in its region’s name', () => {
    expect(html).toContain('aria-label="Month end for November 2026"');
    expect(html).toMatch(/<h2[^>]*>November 2026<\/h2>/);
    expect(html).not.toContain('2026-11');
  });
});

describe('a month with items still to decide', () => {
  it('names each one’s day as the other dates read', () => {
    const waiting: PeriodDetail = {
      ...november,
      pending: {
        payments: [],
        expenses: [{ id: 'x1', amount: 50, date: '2026-11-03', description: 'Bank fees' }],
        income: [],
      },
    };
    const html = drawPage(<MonthEndPage />, {
      data: [
        [bookKeys.periods(), periods],
        [bookKeys.period('2026-11'), waiting],
      ],
    });
    expect(readText(html)).toContain('Nov 3, 2026: Bank fees, R 50.00');
  });
});

describe('a locked month with adjustments and a request to unlock it', () => {
  const locked: PeriodDetail = {
    ...november,
    status: 'locked',
    nextStep: 'reconcile',
    bank: { ledgerBalance: 990, statementBalance: 990, difference: 0, statementUrl: null },
    adjustments: [
      {
        id: 'a1',
        kind: 'expense',
        categoryLabel: 'Banking Fees',
        amount: 10,
        date: '2026-11-30',
        description: 'Monthly charge',
        status: 'approved',
      },
    ],
    reopenRequests: [
      {
        id: 'r1',
        kind: 'unlock',
        reason: 'Locked a day early.',
        status: 'pending',
        requestedBy: { id: 'someone-else', fullName: 'Lerato Checker' },
        decidedBy: null,
        createdAt: '2026-12-02T08:00:00.000Z',
        decidedAt: null,
      },
    ],
  };
  const html = drawPage(<MonthEndPage />, {
    data: [
      [bookKeys.periods(), [{ period: '2026-11', status: 'locked', nextStep: 'reconcile', hasEnded: true }]],
      [bookKeys.period('2026-11'), locked],
    ],
  });

  it('marks each adjustment as one, and the bank figures agree once it is approved', () => {
    const text = readText(html);
    expect(html).toContain('aria-label="Adjustment: Banking Fees R 10.00"');
    expect(text).toContain('AdjustmentNov 30, 2026: Banking Fees (expense), R 10.00 · Monthly chargeApproved');
    expect(text).toContain('the last statement, R 990.00, agrees');
    expect(text).not.toMatch(/difference -?R/);
  });

  it('offers another month-end admin the unlock request to decide, never a reopen', () => {
    expect(html).toContain('aria-label="Unlocking"');
    expect(html).not.toContain('aria-label="Reopening"');
    expect(readText(html)).toContain('Approve unlocking');
  });
});

describe('a calculated month on a phone', () => {
  const calculated: PeriodDetail = {
    ...november,
    status: 'locked',
    nextStep: 'allocate',
    bank: { ledgerBalance: 1_234_567.5, statementBalance: 1_234_567.5, difference: 0, statementUrl: null },
    calculation: {
      calculatedBy: { id: 'someone-else', fullName: 'Lerato Checker' },
      reservePercent: 10,
      pools: [
        {
          poolId: 'p1',
          poolName: 'Growth Pool',
          income: 1_234_567.5,
          expenses: 10,
          profit: 1190,
          reserve: 119,
          allocatedBefore: 0,
          toAllocate: 1071,
          members: [{ userId: 'u1', fullName: 'Sizwe Mabaso', shareDays: 30_000.5, share: 1071 }],
        },
      ],
    },
  };
  const html = drawPage(<MonthEndPage />, {
    data: [
      [bookKeys.periods(), [{ period: '2026-11', status: 'locked', nextStep: 'allocate', hasEnded: true }]],
      [bookKeys.period('2026-11'), calculated],
    ],
  });

  // Share-days were written '30 000,50', a figure with cents that read as money beside the rand.
  it('writes share-days as a grouped count under their own heading', () => {
    const split = /<table[^>]*aria-label="Split of Growth Pool"[^>]*>(.*?)<\/table>/s.exec(html)?.[1] ?? '';
    expect(readText(split)).toBe('MemberShare-daysShareSizwe Mabaso30 001R 1 071.00');
  });

  it('lets the split scroll inside a frame the keyboard can reach, never the page', () => {
    expect(html).toMatch(
      /<div [^>]*role="region" aria-label="Split of Growth Pool, scrolls sideways" tabindex="0"[^>]*><table/,
    );
  });

  // On a 375 px screen "R 1 234 567.50" broke after the "R".
  it('keeps every amount on one line', () => {
    expect(html).toContain('Income <span style="white-space:nowrap">R 1 234 567.50</span>');
    expect(html).toContain('to allocate <span style="white-space:nowrap">R 1 071.00</span>');
  });
});
