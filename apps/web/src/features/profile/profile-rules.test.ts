import { describe, expect, it } from 'vitest';
import { formatAddress, getIdentityTypeLabel, maskIdNumber } from './profile-rules';

describe('maskIdNumber', () => {
  it.each([
    ['8001015009087', '•••••••••9087'],
    ['P9876543', '••••6543'],
    ['1234', '••••'],
    ['', ''],
    [null, ''],
  ])('%s -> %s', (value, masked) => {
    expect(maskIdNumber(value)).toBe(masked);
  });
});

describe('formatAddress', () => {
  it('joins the parts that are there', () => {
    expect(formatAddress({ address: '12 Vilakazi Street', city: 'Soweto', province: 'Gauteng' })).toBe(
      '12 Vilakazi Street, Soweto, Gauteng',
    );
    expect(formatAddress({ address: '12 Vilakazi Street', city: null, province: ' ' })).toBe('12 Vilakazi Street');
  });
});

describe('getIdentityTypeLabel', () => {
  it.each([
    ['national_id', 'South African ID'],
    ['passport', 'Passport'],
    ['other', 'other'],
    [null, ''],
  ])('%s -> %s', (type, label) => {
    expect(getIdentityTypeLabel(type)).toBe(label);
  });
});
