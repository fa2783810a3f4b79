import { staffMessages } from '@letsema/domain';
import { describe, expect, it } from 'vitest';
import {
  canEditStaff,
  getGrantDecisionRight,
  canReactivateStaff,
  canSuspendStaff,
  formatLastLogin,
  getEditableRoles,
  getRoleLabel,
  readStaffRoles,
} from './staff-display';

describe('readStaffRoles', () => {
  it.each([
    [['payment_management', 'staff_management'], { isValid: true, roles: ['payment_management', 'staff_management'] }],
    ['["member_management"]', { isValid: true, roles: ['member_management'] }],
    [[], { isValid: true, roles: [] }],
    ['[]', { isValid: true, roles: [] }],
    ['', { isValid: true, roles: [] }],
    [null, { isValid: true, roles: [] }],
    [undefined, { isValid: true, roles: [] }],
    ['not json', { isValid: false }],
    ['{"role":"x"}', { isValid: false }],
    ['"member_management"', { isValid: false }],
    [[1, 2], { isValid: false }],
    [42, { isValid: false }],
  ])('%j -> %j', (value, expected) => {
    expect(readStaffRoles(value)).toEqual(expected);
  });
});

describe('getRoleLabel', () => {
  it.each([
    ['payment_management', 'Payment Management'],
    ['month_end', 'Month End'],
    ['something_new', 'something_new'],
  ])('%s -> %s', (role, label) => {
    expect(getRoleLabel(role)).toBe(label);
  });
});

describe('getEditableRoles', () => {
  it.each([
    [
      ['staff_management', 'unknown', 'member_management'],
      ['member_management', 'staff_management'],
    ],
    ['["payment_management"]', ['payment_management']],
    ['broken', []],
  ])('%j -> %j', (value, roles) => {
    expect(getEditableRoles(value)).toEqual(roles);
  });
});

describe('formatLastLogin', () => {
  it.each([
    ['2025-01-05T10:00:00.000Z', 'Jan 5, 2025 at 12:00'],
    // 23:30 UTC is already the next morning in Johannesburg.
    ['2024-12-31T23:30:00.000Z', 'Jan 1, 2025 at 01:30'],
    [null, 'Never'],
    ['', 'Never'],
    ['not a date', 'Never'],
  ])('%s -> %s', (value, label) => {
    expect(formatLastLogin(value)).toBe(label);
  });
});

describe('canSuspendStaff', () => {
  const me = 'me';
  it.each([
    [{ id: 'other', isSuperAdmin: false, status: 'active' as const }, true],
    [{ id: 'other', isSuperAdmin: false, status: 'suspended' as const }, false],
    [{ id: 'other', isSuperAdmin: true, status: 'active' as const }, false],
    [{ id: me, isSuperAdmin: false, status: 'active' as const }, false],
  ])('%j -> %s', (staff, expected) => {
    expect(canSuspendStaff(staff, me)).toBe(expected);
  });
});

describe('what an admin may do to another', () => {
  const boss = { id: 'boss', isSuperAdmin: true };
  const manager = { id: 'manager', isSuperAdmin: false };
  it.each([
    [{ isSuperAdmin: true }, boss, true],
    [{ isSuperAdmin: true }, manager, false],
    [{ isSuperAdmin: false }, manager, true],
  ])('edit %j as %j -> %s', (staff, actor, expected) => {
    expect(canEditStaff(staff, actor)).toBe(expected);
  });
  it.each([
    [{ status: 'suspended' as const }, boss, true],
    [{ status: 'suspended' as const }, manager, false],
    [{ status: 'active' as const }, boss, false],
  ])('reactivate %j as %j -> %s', (staff, actor, expected) => {
    expect(canReactivateStaff(staff, actor)).toBe(expected);
  });
});

describe('getGrantDecisionRight', () => {
  const grant = {
    id: 'g',
    kind: 'invitation' as const,
    roles: ['payment_management' as const],
    createdAt: '',
    maker: null,
  };
  const staff = { id: 'invitee', pendingGrant: { ...grant, maker: { id: 'maker', fullName: 'Maker' } } };
  it.each([
    ['the maker waits for another admin', 'maker', false, staffMessages.makerDecides],
    ['the invitee waits for another admin', 'invitee', false, staffMessages.inviteeDecides],
    ['a second staff manager decides', 'checker', true, undefined],
  ])('%s', (_, actorId, mayDecide, reason) => {
    const right = getGrantDecisionRight(staff, { id: actorId, isSuperAdmin: actorId === 'maker' });
    expect(right.mayDecide).toBe(mayDecide);
    if (!right.mayDecide) expect(right.reason).toBe(reason);
  });

  it('offers nothing when no roles wait', () => {
    expect(getGrantDecisionRight({ id: 'x', pendingGrant: null }, { id: 'y', isSuperAdmin: true }).mayDecide).toBe(
      false,
    );
  });
});
