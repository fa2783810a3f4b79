import { describe, expect, it } from 'vitest';
import { monthEndMessages, reconcileBody } from './month-end.js';

const statement = '/api/files/abc-123/def-456.pdf';

describe('reconcileBody: the closing balance on the bank statement', () => {
  it.each([
    ['12348.77', 1234877],
    ['R 12 348.77', 1234877],
    ['R 12 348,77', 1234877],
    ['12 000,00', 1200000],
    ['-R 250.00', -25000],
    ['-250,5', -25050],
    ['0', 0],
    [12348.77, 1234877],
  ])('reads %j as %d cents', (typed, cents) => {
    expect(reconcileBody.parse({ bankClosingBalance: typed, bankStatementUrl: statement }).bankClosingBalance).toBe(
      cents,
    );
  });

  it.each(['12.348,77', '0,005', 'twelve', '', '1000000000000'])('refuses %j with the message', (typed) => {
    const parsed = reconcileBody.safeParse({ bankClosingBalance: typed, bankStatementUrl: statement });
    expect(parsed.error?.issues[0]?.message).toBe(monthEndMessages.bankBalance);
  });
});
