import { describe, expect, it } from 'vitest';
import { hasReachedAge, isIsoDate, todayInJohannesburg } from './dates.js';
import { isValidSaIdNumber, saIdMatchesBirthDate, saIdNumberFor } from './sa-id.js';
import { completeProfileBody, nextOfKinBody } from './schemas.js';

function messages(result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  const out: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) out[issue.path.join('.')] ??= issue.message;
  return out;
}

/** A YYYY-MM-DD date `years` years and `days` days before today in Johannesburg. */
function yearsAgo(years: number, days = 0): string {
  const [y, m, d] = todayInJohannesburg().split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y - years, m - 1, d - days));
  return date.toISOString().slice(0, 10);
}

/** Builds a valid SA ID number for a birth date by computing its Luhn check digit. */
function saIdFor(birthDate: string, serial = '500908'): string {
  const base = `${birthDate.slice(2, 4)}${birthDate.slice(5, 7)}${birthDate.slice(8, 10)}${serial}`;
  for (let check = 0; check <= 9; check++) {
    if (isValidSaIdNumber(`${base}${check}`)) return `${base}${check}`;
  }
  throw new Error('no check digit');
}

describe('dates', () => {
  it.each([
    ['2000-02-29', true],
    ['2001-02-29', false],
    ['2001-13-01', false],
    ['2001-1-01', false],
    ['01-01-2001', false],
    ['2024-12-31', true],
  ])('isIsoDate(%s) is %s', (text, expected) => {
    expect(isIsoDate(text)).toBe(expected);
  });

  it.each([
    ['2008-11-21', '2026-11-21', true],
    ['2008-11-22', '2026-11-21', false],
    ['2008-02-29', '2026-02-28', false],
    ['2008-02-29', '2026-03-01', true],
  ])('born %s is 18 on %s: %s', (birth, today, expected) => {
    expect(hasReachedAge(birth, 18, today)).toBe(expected);
  });

  it('judges today in Johannesburg, two hours ahead of UTC', () => {
    expect(todayInJohannesburg(new Date('2026-11-21T21:59:00Z'))).toBe('2026-11-21');
    expect(todayInJohannesburg(new Date('2026-11-21T22:01:00Z'))).toBe('2026-11-22');
  });
});

describe('South African ID numbers', () => {
  it.each([
    ['8001015009087', true],
    ['8001015009088', false],
    ['800101500908', false],
    ['80010150090870', false],
    ['8013015009087', false],
    ['8001325009087', false],
    ['80010150090a7', false],
  ])('%s valid: %s', (id, expected) => {
    expect(isValidSaIdNumber(id)).toBe(expected);
  });

  it('matches the birth date', () => {
    expect(saIdMatchesBirthDate('8001015009087', '1980-01-01')).toBe(true);
    expect(saIdMatchesBirthDate('8001015009087', '1980-01-02')).toBe(false);
  });
});

describe('completeProfileBody', () => {
  const birth = yearsAgo(30);
  const valid = {
    fullName: 'Thandi Mokoena',
    phoneNumber: '0821234567',
    identityType: 'national_id',
    nationalId: saIdFor(birth),
    dateOfBirth: birth,
    address: '12 Vilakazi Street, Soweto',
  };

  it('accepts a complete profile', () => {
    expect(completeProfileBody.safeParse(valid).success).toBe(true);
  });

  it.each([
    [{ fullName: 'T' }, 'fullName', 'Full name must be at least 2 characters'],
    [{ phoneNumber: '821234567' }, 'phoneNumber', 'Phone number must be 10 digits starting with 0'],
    [{ phoneNumber: '1821234567' }, 'phoneNumber', 'Phone number must be 10 digits starting with 0'],
    [{ phoneNumber: '08212345678' }, 'phoneNumber', 'Phone number must be 10 digits starting with 0'],
    [{ identityType: 'library_card' }, 'identityType', 'Please select an identity type'],
    [{ identityType: undefined }, 'identityType', 'Please select an identity type'],
    [{ identityType: 'passport', nationalId: 'A12' }, 'nationalId', 'ID number must be at least 5 characters'],
    [{ nationalId: '8001015009088' }, 'nationalId', 'Enter a valid 13-digit South African ID number'],
    [{ nationalId: '8001015009087' }, 'nationalId', 'The ID number does not match the date of birth'],
    [{ dateOfBirth: '1990/01/01' }, 'dateOfBirth', 'Date of birth must be a valid date (YYYY-MM-DD)'],
    [
      { dateOfBirth: yearsAgo(18, -1), identityType: 'passport', nationalId: 'P1234567' },
      'dateOfBirth',
      'You must be at least 18 years old',
    ],
    [{ address: '12' }, 'address', 'Address must be at least 5 characters'],
  ])('%j -> %s: %s', (change, field, message) => {
    expect(messages(completeProfileBody.safeParse({ ...valid, ...change }))[field]).toBe(message);
  });

  it('accepts someone who turns 18 today', () => {
    const today18 = yearsAgo(18);
    const result = completeProfileBody.safeParse({ ...valid, dateOfBirth: today18, nationalId: saIdFor(today18) });
    expect(result.success).toBe(true);
  });

  it('does not apply the SA ID rule to passports', () => {
    expect(completeProfileBody.safeParse({ ...valid, identityType: 'passport', nationalId: 'A1234567' }).success).toBe(
      true,
    );
  });
});

describe('nextOfKinBody', () => {
  const valid = {
    fullName: 'Sipho Mokoena',
    relationship: 'Brother',
    phoneNumber: '0831234567',
    email: '',
    nationalId: '8001015009087',
    dateOfBirth: '1980-01-01',
    address: '12 Vilakazi Street, Soweto',
    nokOrder: 1,
    passportPhotoUrl: '/api/files/abc/photo.jpg',
    idDocumentUrl: '/api/files/abc/id.pdf',
    proofOfAddressUrl: '/api/files/abc/address.pdf',
  };

  it('accepts a kin with an empty e-mail and turns it into null', () => {
    const result = nextOfKinBody.safeParse(valid);
    expect(result.success).toBe(true);
    expect(result.data?.email).toBeNull();
  });

  it.each([
    [{ relationship: 'B' }, 'relationship', 'Relationship must be at least 2 characters'],
    [{ email: 'nope' }, 'email', 'Invalid email address'],
    [{ dateOfBirth: yearsAgo(17) }, 'dateOfBirth', 'Next of kin must be at least 18 years old'],
    [{ nokOrder: 3 }, 'nokOrder', 'Next of kin number must be 1 or 2'],
    [{ passportPhotoUrl: '' }, 'passportPhotoUrl', 'Please upload NOK passport photo'],
    [{ idDocumentUrl: undefined }, 'idDocumentUrl', 'Please upload NOK ID document'],
    [{ proofOfAddressUrl: 'https://evil.example/x.pdf' }, 'proofOfAddressUrl', 'Please upload NOK proof of address'],
  ])('%j -> %s: %s', (change, field, message) => {
    expect(messages(nextOfKinBody.safeParse({ ...valid, ...change }))[field]).toBe(message);
  });
});

describe('saIdNumberFor', () => {
  it('makes valid numbers for a birth date, one per sequence number', () => {
    expect(saIdNumberFor('1980-01-01', 50_098)).toBe('8001015009087');
    const made = Array.from({ length: 200 }, (_, i) => saIdNumberFor('1975-05-05', i * 499));
    expect(new Set(made).size).toBe(200);
    for (const id of made) {
      expect(isValidSaIdNumber(id), id).toBe(true);
      expect(saIdMatchesBirthDate(id, '1975-05-05')).toBe(true);
    }
  });
});
