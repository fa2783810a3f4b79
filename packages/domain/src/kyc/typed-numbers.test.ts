import { describe, expect, it } from 'vitest';
import { normaliseIdNumber, normalisePhone } from './typed-numbers.js';

describe('normalisePhone', () => {
  it.each([
    ['0821234567', '0821234567'],
    ['082 123 4567', '0821234567'],
    [' 082-123-4567 ', '0821234567'],
    ['(082) 123 4567', '0821234567'],
    ['+27 82 123 4567', '0821234567'],
    ['0027 82 123 4567', '0821234567'],
    ['082.123.4567', '0821234567'],
    // Left for the schema to refuse with its message, not cut or guessed.
    ['082 123 45678', '08212345678'],
    ['phone me', 'phone me'],
    ['+44 20 7946 0958', '+44 20 7946 0958'],
    ['', ''],
  ])('%j is kept as %j', (typed, kept) => {
    expect(normalisePhone(typed)).toBe(kept);
  });
});

describe('normaliseIdNumber', () => {
  it.each([
    ['8804120123002', '8804120123002'],
    ['880412 0123 002', '8804120123002'],
    ['880412-0123-002', '8804120123002'],
    ['  880412 0123 002  ', '8804120123002'],
    ['A1234567', 'A1234567'],
    ['M 123 456', 'M 123 456'],
  ])('%j is kept as %j', (typed, kept) => {
    expect(normaliseIdNumber(typed)).toBe(kept);
  });
});
