import { describe, expect, it } from 'vitest';
import {
  centsToRand,
  formatRand,
  formatRandAmount,
  formatRandPlain,
  fromHundredths,
  randAmountToCents,
  randToCents,
  toHundredths,
} from './money.js';

describe('randToCents', () => {
  it.each([
    [0, 0],
    [1, 100],
    [0.1, 10],
    [0.2, 20],
    [0.1 + 0.2, null], // 0.30000000000000004 is not a two-decimal amount
    [19.99, 1999],
    [1234.5, 123450],
    ['1234.50', 123450],
    [' 7.05 ', 705],
    ['-3.2', -320],
    ['1.234', null],
    ['abc', null],
    ['1e3', null],
    [Number.NaN, null],
    [Number.POSITIVE_INFINITY, null],
    // As people write amounts, and as a South African phone's number pad offers the decimal mark.
    ['1785,72', 178572],
    ['1 785,72', 178572],
    ['1 785.72', 178572],
    ['1,785.72', 178572],
    ['1,785', 178500],
    ['12,5', 1250],
    ['R 1 785.72', 178572],
    ['r1785', 178500],
    ['R\u00a01\u00a0785,72', 178572],
    ['1\u202f000\u202f000.00', 100000000],
    [' 2  500 ', 250000],
    ['-R 2.50', -250],
    // What the app shows reads back as the same amount.
    [formatRand(123456789), 123456789],
    // Not guessed at: a comma for both, points as groups, groups of other sizes, mixed separators.
    ['1,785,72', null],
    // Not three decimals read as thousands: a first group of 0 groups nothing.
    ['0,005', null],
    ['0 005', null],
    ['0,05', 5],
    ['1.785,72', null],
    ['1.785.000', null],
    ['17 85', null],
    ['1 785,000', null],
    ['1,785 000', null],
    ['1,2345', null],
    ['R', null],
    ['RR 5', null],
    ['5 R', null],
    ['12345678901234', null],
    ['12 345 678 901 234', null],
  ])('%j -> %j', (input, expected) => {
    expect(randToCents(input)).toBe(expected);
  });
});

describe('centsToRand and formatRand', () => {
  it.each([
    [0, 0, 'R 0.00'],
    [5, 0.05, 'R 0.05'],
    [30, 0.3, 'R 0.30'],
    [123450, 1234.5, 'R 1 234.50'],
    [100000000, 1000000, 'R 1 000 000.00'],
    [-250, -2.5, '-R 2.50'],
  ])('%d cents is %d rand, shown %s', (cents, rand, shown) => {
    expect(centsToRand(cents)).toBe(rand);
    expect(formatRand(cents)).toBe(shown);
  });

  it('refuses fractions of a cent', () => {
    expect(() => formatRand(1.5)).toThrow(RangeError);
  });

  it('formats API rand numbers without drift', () => {
    expect(formatRandAmount(0.1 + 0.2)).toBe('R 0.30');
    expect(formatRandAmount(1234.5)).toBe('R 1 234.50');
  });
});

describe('formatRandPlain', () => {
  it.each([
    [0, '0.00'],
    [5, '0.05'],
    [30, '0.30'],
    [123456, '1234.56'],
    [-123456, '-1234.56'],
    [-5, '-0.05'],
    [100000000, '1000000.00'],
  ])('%d cents is written %s', (cents, written) => {
    expect(formatRandPlain(cents)).toBe(written);
    // What it writes reads back as the same cents.
    expect(randToCents(written)).toBe(cents);
  });

  it('stays exact up to the largest safe number of cents', () => {
    expect(formatRandPlain(Number.MAX_SAFE_INTEGER)).toBe('90071992547409.91');
  });

  it('refuses fractions of a cent', () => {
    expect(() => formatRandPlain(0.5)).toThrow(RangeError);
  });
});

describe('randAmountToCents: an amount on the wire read into cents', () => {
  it.each([
    [0, 0],
    [0.01, 1],
    [0.1 + 0.2, 30],
    [1.005 * 1000, 100_500],
    [1785.72, 178_572],
    [19.99, 1999],
    [-250.5, -25_050],
    [-0, 0],
    [99_999_999_999.99, 9_999_999_999_999],
  ])('%s rand are %s cents', (rand, cents) => {
    expect(randAmountToCents(rand)).toBe(cents);
    expect(Object.is(randAmountToCents(rand), cents)).toBe(true);
  });

  it('reads back every amount centsToRand writes', () => {
    for (let cents = -2000; cents <= 200_000; cents += 37) expect(randAmountToCents(centsToRand(cents))).toBe(cents);
  });

  it('refuses what is not a number', () => {
    expect(() => randAmountToCents(Number.NaN)).toThrow(RangeError);
    expect(() => randAmountToCents(Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });
});

describe('toHundredths and fromHundredths', () => {
  it.each([
    [11.75, 1175],
    [21, 2100],
    [0.07, 7],
    [3, 300],
    [12.5, 1250],
  ])('%s is %s hundredths and back', (value, hundredths) => {
    expect(toHundredths(value)).toBe(hundredths);
    expect(fromHundredths(hundredths)).toBe(value);
  });

  it('takes only whole hundredths back', () => {
    expect(() => fromHundredths(12.5)).toThrow(RangeError);
  });
});
