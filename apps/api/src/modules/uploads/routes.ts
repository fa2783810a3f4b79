import {
  hasRole,
  MAX_UPLOAD_BYTES,
  uploadAnswer,
  uploadForm,
  uploadKind,
  type UploadKind,
  uploadKinds,
  uploadMessages,
  uploadRules,
} from '@letsema/domain';
import type { FastifyInstance } from 'fastify';
import { currentUser, type Guards } from '../../lib/auth-guard.js';
import { ok } from '../../lib/envelope.js';
import { AppError, forbidden, notFound } from '../../lib/errors.js';
import { z } from 'zod';
import { signedInRoutes } from '../../lib/route-options.js';
import type { RateLimiter } from '../../lib/rate-limit.js';
import type { UploadService } from './service.js';

/** Uploads per account per hour: plenty for registration and payments, not enough to fill the storage. */
export const UPLOADS_PER_HOUR = { limit: 60, windowSeconds: 60 * 60 };

export function uploadRoutes(
  app: FastifyInstance,
  deps: { uploads: UploadService; guards: Guards; limiter: RateLimiter },
) {
  app.post<{ Params: { kind: string } }>(
    '/api/uploads/:kind',
    signedInRoutes(
      deps.guards,
      'Files',
    )({
      summary: 'Upload a file of a kind (photo, document, proof, receipt, statement)',
      description:
        "The type is decided from the bytes; images are re-encoded without their metadata, PDFs with active content refused. The books' kinds need the admin role that reviews them. Each account may keep the megabytes of files the cooperative's settings allow.",
      params: z.object({ kind: uploadKind }),
      multipart: uploadForm,
      status: 201,
      data: uploadAnswer,
      errors: [409, 429],
    }),
    async (request, reply) => {
      const kind = request.params.kind as UploadKind;
      if (!uploadKinds.includes(kind)) throw notFound();
      const uploaderRole = uploadRules[kind].uploaderRole;
      if (uploaderRole && !hasRole(currentUser(request), uploaderRole)) throw forbidden();
      await deps.limiter.hit(
        `uploads:user:${currentUser(request).id}`,
        UPLOADS_PER_HOUR,
        'Too many uploads. Please try again later.',
      );
      const missing = new AppError('VALIDATION', uploadRules[kind].missingMessage);
      if (!request.isMultipart()) throw missing;

      const part = await request.file({
        limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 5, fieldSize: 100, parts: 6 },
      });
      if (!part) throw missing;
      // toBuffer stops reading and throws as soon as the stream passes the limit; the browser
      // refuses such a file with the same message before sending it.
      const bytes = await part.toBuffer().catch((error: unknown) => {
        if ((error as { statusCode?: number }).statusCode === 413) {
          throw new AppError('PAYLOAD_TOO_LARGE', uploadMessages.tooLarge);
        }
        throw error;
      });
      if (bytes.length === 0) throw missing;

      const result = await deps.uploads.upload(currentUser(request).id, kind, bytes);
      return reply.code(201).send(ok(result));
    },
  );
}
