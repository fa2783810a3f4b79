import { describe, expect, it } from 'vitest';
import { hasRole } from './roles.js';
import { homePathFor } from './status.js';

describe('homePathFor', () => {
  it.each([
    [{ isAdmin: true, registrationStatus: 'active' }, '/admin'],
    [{ isAdmin: false, registrationStatus: 'active' }, '/dashboard'],
    [{ isAdmin: false, registrationStatus: 'pending_kyc' }, '/complete-registration'],
    [{ isAdmin: false, registrationStatus: 'verified' }, '/complete-registration'],
    [{ isAdmin: false, registrationStatus: 'rejected' }, '/complete-registration'],
  ])('%j goes to %s', (user, path) => {
    expect(homePathFor(user)).toBe(path);
  });
});

describe('hasRole', () => {
  it('needs both admin and the role', () => {
    expect(hasRole({ isAdmin: true, adminRoles: ['payment_management'] }, 'payment_management')).toBe(true);
    expect(hasRole({ isAdmin: true, adminRoles: ['payment_management'] }, 'member_management')).toBe(false);
    expect(hasRole({ isAdmin: false, adminRoles: ['payment_management'] }, 'payment_management')).toBe(false);
  });
});
