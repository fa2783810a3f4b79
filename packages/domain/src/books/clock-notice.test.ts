import { describe, expect, it } from 'vitest';
import { describeMovedClock } from './clock-notice.js';

describe('describeMovedClock', () => {
  it.each([
    [{ day: '2026-11-27', offsetDays: 0 }, null],
    [
      { day: '2026-11-28', offsetDays: 1 },
      "Rehearsal: the books' clock is moved 1 day ahead. Today in the books is 2026-11-28.",
    ],
    [
      { day: '2026-12-05', offsetDays: 8 },
      "Rehearsal: the books' clock is moved 8 days ahead. Today in the books is 2026-12-05.",
    ],
    [
      { day: '2026-11-20', offsetDays: -7 },
      "Rehearsal: the books' clock is moved 7 days back. Today in the books is 2026-11-20.",
    ],
  ])('%o reads %s', (clock, text) => {
    expect(describeMovedClock(clock)).toBe(text);
  });
});
