import { hasRole, reviewerRoleOf } from '@letsema/domain';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import { files } from '../../db/schema.js';
import type { Guards } from '../../lib/auth-guard.js';
import { z } from 'zod';
import { notFound } from '../../lib/errors.js';
import { routeDoc } from '../../lib/openapi/route-doc.js';
import { isStorageKey, type Storage } from '../../lib/storage.js';

/**
 * Serves uploaded files to their owner and to admins whose role covers that kind of file. Everyone
 * else, and every odd path, gets the same 404.
 */
export function fileRoutes(app: FastifyInstance, deps: { db: Db; storage: Storage; guards: Guards }) {
  const schema = routeDoc({
    tag: 'Files',
    summary: 'A stored file, to its owner and to admins whose role covers its kind',
    description:
      'Everyone else, and every odd path, gets the same 404. Images are answered inline, other files as attachments.',
    params: z.object({ '*': z.string().describe("The key: the part of the upload's url after /api/files/") }),
    file: {
      contentTypes: ['image/jpeg', 'image/png', 'image/webp', 'application/pdf', 'text/csv'],
      description: 'The file',
    },
  });
  app.get('/api/files/*', { preHandler: deps.guards.authenticate, schema }, async (request, reply) => {
    const raw = request.url.slice('/api/files/'.length).split('?')[0] ?? '';
    // Keys are plain; anything encoded (slashes, dots, NUL) or climbing is not one of ours.
    if (raw.includes('%') || raw.includes('..') || !isStorageKey(raw)) throw notFound();

    const [file] = await deps.db.select().from(files).where(eq(files.key, raw)).limit(1);
    const user = request.auth!.user;
    const reviewerRole = file ? reviewerRoleOf(file.kind) : undefined;
    const allowed = !!file && (file.ownerId === user.id || (!!reviewerRole && hasRole(user, reviewerRole)));
    if (!file || !allowed) throw notFound();

    const stored = await deps.storage.get(file.key);
    if (!stored) throw notFound();
    const extension = file.key.split('.').pop();
    reply
      .header('content-type', file.contentType)
      .header('content-length', String(stored.size))
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, no-store')
      .header(
        'content-disposition',
        file.contentType.startsWith('image/') ? 'inline' : `attachment; filename="${file.kind}.${extension}"`,
      )
      .header('content-security-policy', "default-src 'none'; sandbox");
    return reply.send(stored.body);
  });
}
