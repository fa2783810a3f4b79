import { z } from 'zod';

// The fields answers are made of, as the API writes them and its description documents them.

/** An instant, as ISO 8601 in UTC (`2026-03-01T08:30:00.000Z`). */
export const timestamp = z.iso.datetime();

/** A calendar day, `YYYY-MM-DD`. */
export const day = z.iso.date();

/** A month, `YYYY-MM`. */
export const month = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/);

/** An amount of rand with at most two decimals; inside the server it is integer cents. */
export const rand = z.number().describe('Rand, at most two decimals');

/** A uuid as the database writes it. */
export const id = z.uuid();

/** The address of an uploaded file: `/api/files/<key>`. */
export const fileUrl = z.string().regex(/^\/api\/files\//);
