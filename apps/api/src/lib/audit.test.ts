import { describe, expect, it } from 'vitest';
import { lastFourOf, withoutPersonalData } from './audit.js';

describe('withoutPersonalData', () => {
  it.each([
    [
      'a withdrawal row',
      { id: 'w1', accountHolder: 'Thandi Mokoena', accountNumber: '1234 5678 90', bankName: 'Capitec Bank' },
      { id: 'w1', accountNumber: '…7890', bankName: 'Capitec Bank' },
    ],
    [
      "a staff member's snapshot",
      { fullName: 'Ayanda Auditor', phoneNumber: '0820001111', adminRoles: ['audit'] },
      { adminRoles: ['audit'] },
    ],
    [
      'an exit request, whose reason is the member’s',
      { id: 'e1', membershipId: 'm1', noticeEndsOn: '2026-07-01', reason: 'Moving', earlyReason: 'Bills' },
      { id: 'e1', membershipId: 'm1', noticeEndsOn: '2026-07-01' },
    ],
    ['an admin’s rejection, whose reason stays', { status: 'rejected', reason: 'Proof unreadable' }, null],
    [
      'nested rows',
      { loan: { id: 'l1', purpose: 'School fees for Lindiwe' }, people: [{ email: 'a@b.example', id: 'u1' }] },
      { loan: { id: 'l1' }, people: [{ id: 'u1' }] },
    ],
    ['an account number already masked', { accountNumber: '…7890' }, null],
  ])('%s', (_name, value, expected) => {
    expect(withoutPersonalData(value)).toEqual(expected ?? value);
  });

  it('passes plain values through', () => {
    expect(withoutPersonalData(null)).toBeNull();
    expect(withoutPersonalData('text')).toBe('text');
    expect(lastFourOf('62-0123-4567')).toBe('…4567');
  });
});
