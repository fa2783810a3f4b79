import { describe, expect, it } from 'vitest';
import type { CurrentUser } from '../lib/current-user';
import { drawPage, readText } from '../lib/test-render';
import { groupDigits, PayToCard } from './pay-to-card';

const member = { fullName: 'Thandi Mokoena', phoneNumber: '0821234567' } as unknown as CurrentUser;
const details = {
  bankName: 'Capitec',
  accountHolder: 'Letsema Cooperative',
  accountNumber: '1234567890',
  branchCode: '470010',
  registrationNumber: null,
  updatedAt: '2026-03-01T08:00:00.000Z',
};

describe('PayToCard', () => {
  it('gives a contribution the member’s reference', () => {
    expect(readText(drawPage(<PayToCard details={details} member={member} />))).toContain('MOKOENA 0821234567');
  });

  it('gives a loan repayment the loan’s number as its reference, not the contribution one', () => {
    const text = readText(drawPage(<PayToCard details={details} member={member} loanNumber="LN-000042" />));
    expect(text).toContain('ReferenceLN-000042');
    expect(text).not.toContain('MOKOENA');
  });

  it('shows the cooperative’s registration number beside the account holder, when it has one', () => {
    const text = readText(
      drawPage(<PayToCard details={{ ...details, registrationNumber: '2019/123456/24' }} member={member} />),
    );
    expect(text).toContain('Account holderLetsema CooperativeRegistration number2019/123456/24Account number');
    expect(readText(drawPage(<PayToCard details={details} member={member} />))).not.toContain('Registration number');
  });
});

describe('groupDigits', () => {
  it.each([
    ['62123456789', '6212 3456 789'],
    ['1234567890123456', '1234 5678 9012 3456'],
    ['123456', '1234 56'],
    ['1234', '1234'],
  ])('%s -> %s', (digits, grouped) => {
    expect(groupDigits(digits)).toBe(grouped);
  });
});
