import { fileViewLink, fileViewLinkBody, hasRole, reviewerRoleOf } from '@letsema/domain';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.js';
import { files } from '../../db/schema.js';
import type { AuthUser, Guards } from '../../lib/auth-guard.js';
import { z } from 'zod';
import { notFound, unauthenticated } from '../../lib/errors.js';
import { routeDoc } from '../../lib/openapi/route-doc.js';
import { signedInRoutes } from '../../lib/route-options.js';
import { parseInput } from '../../lib/validate.js';
import { ok } from '../../lib/envelope.js';
import { isStorageKey, type Storage } from '../../lib/storage.js';
import { signFileViewToken, verifyFileViewToken, FILE_VIEW_TOKEN_LIFETIME_SECONDS } from '../../lib/tokens.js';

const FILES_PREFIX = '/api/files/';

/**
 * What a file answered to a view link says about being shown in a frame: only this site's own pages
 * may frame it (`frame-ancestors 'self'`, and `SAMEORIGIN` for browsers that read only that), it
 * loads nothing and runs nothing itself, and the link, which opens the file for two minutes, is sent
 * on to no one.
 */
export const FRAMED_FILE_HEADERS = {
  'content-security-policy': "default-src 'none'; frame-ancestors 'self'; sandbox",
  'x-frame-options': 'SAMEORIGIN',
  'referrer-policy': 'no-referrer',
} as const;

/** The storage key of a `/api/files/<key>` path, or null for anything that is not one of ours. */
function keyOf(path: string): string | null {
  const raw = path.slice(FILES_PREFIX.length);
  // Keys are plain; anything encoded (slashes, dots, NUL) or climbing is not one of ours.
  if (!path.startsWith(FILES_PREFIX) || raw.includes('%') || raw.includes('..') || !isStorageKey(raw)) return null;
  return raw;
}

/**
 * Serves uploaded files to their owner and to admins whose role covers that kind of file. Everyone
 * else, and every odd path, gets the same 404.
 */
export function fileRoutes(
  app: FastifyInstance,
  deps: { db: Db; storage: Storage; guards: Guards; jwtSecret: Uint8Array },
) {
  /** The stored file under `key` if `user` may read it (its owner, or an admin whose role covers its kind). */
  async function readableFile(user: AuthUser, key: string | null) {
    if (!key) throw notFound();
    const [file] = await deps.db.select().from(files).where(eq(files.key, key)).limit(1);
    const reviewerRole = file ? reviewerRoleOf(file.kind) : undefined;
    const allowed = !!file && (file.ownerId === user.id || (!!reviewerRole && hasRole(user, reviewerRole)));
    if (!file || !allowed) throw notFound();
    return file;
  }

  /**
   * A request with a view link (`?view=`) is signed in by the session the link names, for the one
   * file it names; any other request by its bearer token.
   */
  async function authenticateFileRequest(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const view = (request.query as Record<string, unknown> | undefined)?.view;
    if (view === undefined) return deps.guards.authenticate(request, reply);
    const claims = typeof view === 'string' ? await verifyFileViewToken(deps.jwtSecret, view) : null;
    if (!claims || claims.key !== request.url.slice(FILES_PREFIX.length).split('?')[0]) throw unauthenticated();
    await deps.guards.authenticateAs(request, claims);
  }

  const schema = routeDoc({
    tag: 'Files',
    summary: 'A stored file, to its owner and to admins whose role covers its kind',
    description:
      'Everyone else, and every odd path, gets the same 404. Images are answered inline, other files as attachments. ' +
      'With `view`, a link from `POST /api/files/view-links` instead of the bearer token, the file is answered inline ' +
      "and may be shown in a frame of this site's own pages only.",
    params: z.object({ '*': z.string().describe("The key: the part of the upload's url after /api/files/") }),
    querystring: z.object({
      view: z.string().max(1000).optional().describe("A view link's token, for a frame (which sends no header)"),
    }),
    file: {
      contentTypes: ['image/jpeg', 'image/png', 'image/webp', 'application/pdf', 'text/csv'],
      description: 'The file',
    },
  });
  app.get('/api/files/*', { preHandler: authenticateFileRequest, schema }, async (request, reply) => {
    const [path = '', query] = request.url.split('?');
    const file = await readableFile(request.auth!.user, keyOf(path));
    const isFramed = query !== undefined && new URLSearchParams(query).has('view');

    const stored = await deps.storage.get(file.key);
    if (!stored) throw notFound();
    const extension = file.key.split('.').pop();
    const isInline = isFramed || file.contentType.startsWith('image/');
    reply
      .header('content-type', file.contentType)
      .header('content-length', String(stored.size))
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, no-store')
      .header('content-disposition', isInline ? 'inline' : `attachment; filename="${file.kind}.${extension}"`)
      .header('content-security-policy', "default-src 'none'; sandbox");
    if (isFramed) reply.headers(FRAMED_FILE_HEADERS);
    return reply.send(stored.body);
  });

  app.post(
    '/api/files/view-links',
    signedInRoutes(
      deps.guards,
      'Files',
    )({
      summary: 'A link that shows a stored file in a frame of this site for two minutes',
      description:
        'For a proof shown beside the figures it backs: a frame cannot send the bearer token, so the link names ' +
        'the session and the file. The same people may ask for it as may read the file; the file is read with ' +
        'the session checked as for any call, so signing out ends the link too.',
      body: fileViewLinkBody,
      data: fileViewLink,
      errors: [404],
    }),
    async (request) => {
      const { url } = parseInput(fileViewLinkBody, request.body);
      const file = await readableFile(request.auth!.user, keyOf(url));
      const token = await signFileViewToken(deps.jwtSecret, {
        userId: request.auth!.user.id,
        sessionId: request.auth!.sessionId,
        key: file.key,
      });
      return ok({
        url: `${FILES_PREFIX}${file.key}?view=${encodeURIComponent(token)}`,
        expiresInSeconds: FILE_VIEW_TOKEN_LIFETIME_SECONDS,
      });
    },
  );
}
