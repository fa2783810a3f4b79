import { describe, expect, it } from 'vitest';
import { getAvatarInitial, getDisplayName } from './formatters';

describe('getAvatarInitial', () => {
  it.each([
    [{ fullName: 'thabo Molefe', email: 'x@example.com' }, 'T'],
    [{ fullName: null, email: 'nomsa@example.com' }, 'N'],
    [{ fullName: '   ', email: 'zanele@example.com' }, 'Z'],
  ])('%j -> %s', (user, initial) => {
    expect(getAvatarInitial(user)).toBe(initial);
  });
});

describe('getDisplayName', () => {
  it.each([
    [{ fullName: ' Thabo Molefe ', email: 'x@example.com' }, 'Thabo Molefe'],
    [{ fullName: null, email: 'nomsa@example.com' }, 'nomsa@example.com'],
  ])('%j -> %s', (user, name) => {
    expect(getDisplayName(user)).toBe(name);
  });
});
