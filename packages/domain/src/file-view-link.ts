// Apart from files.ts, which pages with a file picker load: this schema needs zod, which they do not.
import { z } from 'zod';
import { fileUrl } from './answer-fields.js';

/** Where a stored file is read, `/api/files/<key>`: what a view link is asked for. */
export const fileViewLinkBody = z.object({
  url: z
    .string()
    .max(200)
    .regex(/^\/api\/files\/[\w/.-]+$/, { error: 'File not found' }),
});
export type FileViewLinkBody = z.infer<typeof fileViewLinkBody>;

/** `POST /api/files/view-links`: the link, valid for two minutes. */
export const fileViewLink = z.object({
  url: fileUrl.describe("The file's address with its `view` token"),
  expiresInSeconds: z.number().int(),
});
export type FileViewLink = z.infer<typeof fileViewLink>;
