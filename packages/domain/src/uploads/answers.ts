import { z } from 'zod';
import { fileUrl } from '../answer-fields.js';
import { uploadKinds } from '../files.js';

export const uploadKind = z.enum(uploadKinds);

export const uploadAnswer = z.object({ url: fileUrl.describe('Where the stored file is read: /api/files/<key>') });

/** The multipart form of an upload: one file field. */
export const uploadForm = z.object({
  file: z
    .string()
    .meta({ format: 'binary', contentMediaType: 'application/octet-stream' })
    .describe('JPEG, PNG or WebP; documents and proofs may also be PDF. At most 10 MB'),
});

// What the web app reads: the types of the answers above.
export type UploadAnswer = z.infer<typeof uploadAnswer>;
