import { describe, expect, it } from 'vitest';
import { slugOf, startCooperativeBody, startMessages } from './start.js';

describe('slugOf', () => {
  it.each([
    ['Kopano Savings Club', 'kopano-savings-club'],
    ['  Masakhane  Stokvel!! ', 'masakhane-stokvel'],
    ['Thušanang Co-op', 'thusanang-co-op'],
    ['!!!', 'cooperative'],
    ['A'.repeat(39) + ' B', 'a'.repeat(39)],
  ])('%s -> %s', (name, slug) => {
    expect(slugOf(name)).toBe(slug);
  });
});

describe('startCooperativeBody', () => {
  const valid = {
    name: 'Kopano Savings Club',
    province: 'Gauteng',
    founderName: 'Lerato Dlamini',
    email: 'lerato@example.com',
    password: 'a long founder password',
  };
  it('takes a cooperative and its founder', () => {
    expect(startCooperativeBody.parse(valid)).toMatchObject({ name: 'Kopano Savings Club', registrationNumber: null });
  });
  it('asks for the founder’s name', () => {
    const result = startCooperativeBody.safeParse({ ...valid, founderName: ' ' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(startMessages.founderName);
  });
});
