import { describe, expect, it } from 'vitest';
import { drawPage, readText } from '../../lib/test-render';
import { statementKeys, type StatementMonths } from './api';
import { statementLineText, StatementsPage } from './statements-page';

const months: StatementMonths = {
  today: '2026-12-03',
  months: [
    { period: '2026-11', first: '2026-11-01', last: '2026-11-30' },
    { period: '2026-10', first: '2026-10-01', last: '2026-10-31' },
  ],
};

describe('the monthly statements', () => {
  const html = drawPage(<StatementsPage />, { data: [[statementKeys.months(), months]] });

  it('names each closed month in words', () => {
    const list = /aria-label="Monthly statements"[^>]*>(.*?)<\/section>/s.exec(html)?.[1] ?? '';
    expect(readText(list)).toBe('Monthly statementsNovember 2026PDFCSVOctober 2026PDFCSV');
  });

  it('names the month in its buttons’ names too', () => {
    expect(html).toContain('aria-label="Download the November 2026 statement as PDF"');
    expect(html).toContain('aria-label="Download the October 2026 statement as CSV"');
  });
});

describe('a statement’s line', () => {
  it('names its day as the other dates read', () => {
    expect(statementLineText('2026-10-05', 'Contribution', 'Stokvel One', 'JE-000042')).toBe(
      'Oct 5, 2026 · Contribution · Stokvel One · JE-000042',
    );
  });
});
