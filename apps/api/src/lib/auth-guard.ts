import { hasRole, type AdminRole } from '@letsema/domain';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/client.js';
import { sessions, users } from '../db/schema.js';
import { verifyToken, type TokenClaims } from '../modules/auth/tokens.js';
import { forbidden, unauthenticated } from './errors.js';

export type AuthUser = typeof users.$inferSelect;

export interface AuthContext {
  user: AuthUser;
  sessionId: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}

/**
 * Builds the hooks that guard routes. The token's user and session are loaded on every request,
 * so a suspended account or an ended session stops working at once.
 */
export function createGuards(deps: { db: Db; jwtSecret: Uint8Array }) {
  // Prepared once: every signed-in request runs it, so it is parsed and planned only once per connection.
  const findSession = deps.db
    .select({ user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.id, sql.placeholder('sessionId')),
        eq(sessions.userId, sql.placeholder('userId')),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql`now()`),
      ),
    )
    .limit(1)
    .prepare('auth_find_session');

  /** The signed claims of the request's bearer token (signature, algorithm, expiry), or null. */
  async function verifyBearer(request: FastifyRequest): Promise<TokenClaims | null> {
    const header = request.headers.authorization;
    if (!header) return null;
    const match = /^Bearer ([A-Za-z0-9._~+/=-]+)$/.exec(header);
    if (!match) return null;
    return verifyToken(deps.jwtSecret, match[1]!);
  }

  async function loadAuth(request: FastifyRequest): Promise<AuthContext | null> {
    const claims = await verifyBearer(request);
    if (!claims) return null;
    const rows = await findSession.execute({ sessionId: claims.sessionId, userId: claims.userId });
    const user = rows[0]?.user;
    if (!user || user.accountStatus !== 'active') return null;
    return { user, sessionId: claims.sessionId };
  }

  /** Requires a valid token of an account that is still active. */
  async function authenticate(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
    const auth = await loadAuth(request);
    if (!auth) throw unauthenticated('Your session has ended. Please sign in again.');
    request.auth = auth;
  }

  /** Requires an admin holding `role`; the super admin holds every role. */
  function requirePermission(role: AdminRole) {
    return async function permissionGuard(request: FastifyRequest, reply: FastifyReply): Promise<void> {
      if (!request.auth) await authenticate(request, reply);
      if (!hasRole(request.auth!.user, role)) throw forbidden();
    };
  }

  /** Requires any admin (for calls every admin may use, such as the dashboard counts). */
  async function requireAdmin(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    if (!request.auth) await authenticate(request, reply);
    if (!request.auth!.user.isAdmin) throw forbidden();
  }

  return { verifyBearer, loadAuth, authenticate, requirePermission, requireAdmin };
}

export type Guards = ReturnType<typeof createGuards>;

/** The signed-in user of a request that passed `authenticate`. */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.auth) throw unauthenticated();
  return request.auth.user;
}
