import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { compileAnswer } from './serialize.js';

const person = z.object({ name: z.string() }).meta({ id: 'SerializeTestPerson' });
const answer = z.object({
  at: z.iso.datetime().nullable(),
  person: person.nullable(),
  either: z.union([z.object({ token: z.string() }), z.object({ challenge: z.string() })]).nullable(),
});

describe('compileAnswer', () => {
  const write = compileAnswer(answer);

  it.each([
    ['nulls', { at: null, person: null, either: null }, { at: null, person: null, either: null }],
    [
      'values, without the fields the schema does not name',
      {
        at: new Date('2026-03-01T08:30:00.000Z'),
        person: { name: 'Thandi', idNumber: '8001015009087' },
        either: { challenge: 'c' },
      },
      { at: '2026-03-01T08:30:00.000Z', person: { name: 'Thandi' }, either: { challenge: 'c' } },
    ],
  ])('writes %s', (_, data, expected) => {
    expect(JSON.parse(write(data))).toEqual(expected);
  });

  it('refuses a value of the wrong kind rather than send it', () => {
    expect(() => write({ at: null, person: 'Thandi', either: null })).toThrow();
  });
});
