import { dayOf } from '@letsema/domain';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/app.js';

const DAY_MS = 24 * 60 * 60 * 1000;

describe("GET /api/clock: the books' day for the browser", () => {
  let t: TestContext | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('answers the real day and no offset on ordinary books, without a session', async () => {
    t = await createTestApp();
    const response = await t.app.inject({ method: 'GET', url: '/api/clock' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, data: { day: dayOf(new Date()), offsetDays: 0 }, error: null });
  });

  it('answers the moved day and the offset while a month end is rehearsed', async () => {
    t = await createTestApp({ CLOCK_OFFSET_DAYS: '-40', PUBLIC_URL: 'http://127.0.0.1:3000' });
    const before = dayOf(new Date(Date.now() - 40 * DAY_MS));
    const { data } = (await t.app.inject({ method: 'GET', url: '/api/clock' })).json<{
      data: { day: string; offsetDays: number };
    }>();
    const after = dayOf(new Date(Date.now() - 40 * DAY_MS));
    expect(data.offsetDays).toBe(-40);
    expect([before, after]).toContain(data.day);
    expect(data.day).not.toBe(dayOf(new Date()));
  });
});
