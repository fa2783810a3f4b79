import { hasRole, type AdminRole } from '@letsema/domain';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/client.js';
import { logins, sessions, users } from '../db/schema.js';
import { cooperativeIsOpen } from '../db/accounts.js';
import { enterCooperative } from '../db/scope.js';
import type { Account } from '../db/accounts.js';
import { verifyToken, type TokenClaims } from './tokens.js';
import { writeAudit } from './audit.js';
import { clientOf } from './request-client.js';
import { AppError, forbidden, unauthenticated } from './errors.js';

/**
 * The columns of the signed-in account that every request loads with its session: who it is, in
 * which cooperative, and what it may do there (with the two flags of its login the guard checks).
 * The rest (password hash, two-factor secrets, preferences) stays in the database unless a call
 * asks for it, so a request neither parses nor holds it.
 */
const authColumns = {
  id: users.id,
  email: users.email,
  fullName: users.fullName,
  registrationStatus: users.registrationStatus,
  isAdmin: users.isAdmin,
  isSuperAdmin: users.isSuperAdmin,
  adminRoles: users.adminRoles,
  accountStatus: users.accountStatus,
  loginId: users.loginId,
  cooperativeId: users.cooperativeId,
  passwordChangeRequired: logins.passwordChangeRequired,
  mfaEnabledAt: logins.mfaEnabledAt,
};

export type AuthUser = Pick<Account, keyof typeof authColumns>;

export interface AuthContext {
  user: AuthUser;
  sessionId: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
  }
  interface FastifyContextConfig {
    /** A call a screen repeats on a timer (the bell's count): not activity, it never moves the session on. */
    isPolling?: boolean;
  }
}

export const guardMessages = {
  sessionEnded: 'Your session has ended. Please sign in again.',
  mfaEnrolmentRequired: 'Two-factor sign-in is required for admins. Set it up to continue.',
  passwordChangeRequired: 'Please choose a new password before you continue.',
} as const;

export interface GuardSettings {
  jwtSecret: Uint8Array;
  idleMinutes: { admin: number; member: number };
  mfaRequiredForAdmins: boolean;
}

/** Calls an account that must change its password may still make. */
const PASSWORD_CHANGE_ALLOWED = new Set([
  '/api/auth/me',
  '/api/auth/change-password',
  '/api/auth/logout',
  '/api/auth/logout-all',
]);

/**
 * The routes of the account itself (sign-in, two-factor enrolment, password, its own data): the only
 * ones an admin who must still enrol a second factor may call.
 */
const ACCOUNT_ROUTES = '/api/auth/';

/**
 * Seconds after which a request writes its session's activity again: at most once a minute, so most
 * requests only read, and at most a quarter of the shortest idle limit, so that a session in use is
 * always seen well inside its limit (with a one-minute limit, every 15 seconds).
 */
export function touchAfterSeconds(idleMinutes: GuardSettings['idleMinutes']): number {
  return Math.min(60, (Math.min(idleMinutes.admin, idleMinutes.member) * 60) / 4);
}

/**
 * The conditions of a live session, in SQL: not ended, not expired, its account and its cooperative
 * active, and used within the idle limit of its kind of account (admins idle out sooner than members).
 */
export function liveSessionConditions(idleMinutes: GuardSettings['idleMinutes']) {
  const admin = Math.trunc(idleMinutes.admin);
  const member = Math.trunc(idleMinutes.member);
  return and(
    isNull(sessions.revokedAt),
    gt(sessions.expiresAt, sql`now()`),
    eq(users.accountStatus, 'active'),
    cooperativeIsOpen,
    gt(
      sessions.lastSeenAt,
      sql`now() - make_interval(mins => case when ${users.isAdmin} then ${sql.raw(String(admin))} else ${sql.raw(String(member))} end)`,
    ),
  );
}

/**
 * Builds the hooks that guard routes. The token's user and session are loaded on every request,
 * so a suspended account, an ended session or one left idle too long stops working at once.
 */
export function createGuards(deps: { db: Db } & GuardSettings) {
  // Every signed-in request runs it: one session by its primary key, with the account's columns.
  const findSession = deps.db
    .select({ user: authColumns, lastSeenAt: sessions.lastSeenAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .innerJoin(logins, eq(logins.id, users.loginId))
    .where(
      and(
        eq(sessions.id, sql.placeholder('sessionId')),
        eq(sessions.userId, sql.placeholder('userId')),
        liveSessionConditions(deps.idleMinutes),
      ),
    )
    .prepare('auth_find_session');
  const touchAfter = touchAfterSeconds(deps.idleMinutes);

  /** The signed claims of the request's bearer token (signature, algorithm, expiry), or null. */
  async function verifyBearer(request: FastifyRequest): Promise<TokenClaims | null> {
    const header = request.headers.authorization;
    if (!header) return null;
    const match = /^Bearer ([A-Za-z0-9._~+/=-]+)$/.exec(header);
    if (!match) return null;
    return verifyToken(deps.jwtSecret, match[1]!);
  }

  /**
   * The live session of the request's token (or of the signed link's claims) with its account's
   * columns, or null; moves the session on.
   */
  async function loadSession(
    request: FastifyRequest,
    linkClaims?: TokenClaims,
  ): Promise<{ user: AuthUser; sessionId: string } | null> {
    const claims = linkClaims ?? (await verifyBearer(request));
    if (!claims) return null;
    const [row] = await findSession.execute({ sessionId: claims.sessionId, userId: claims.userId });
    if (!row) return null;
    // Polling (the bell's count) is not activity: it never moves the session on.
    const isPolling = request.routeOptions.config.isPolling === true;
    if (!isPolling && Date.now() - row.lastSeenAt.getTime() >= touchAfter * 1000) {
      await deps.db
        .update(sessions)
        .set({ lastSeenAt: sql`now()` })
        .where(eq(sessions.id, claims.sessionId));
    }
    return { user: row.user, sessionId: claims.sessionId };
  }

  /**
   * Requires a valid token of an account that is still active. An account that must choose a new
   * password can do only that (and read itself, and sign out); an admin who must enrol a second
   * factor can call only `/api/auth/*` until it is on.
   */
  async function authenticate(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
    await authenticateAs(request);
  }

  /**
   * `authenticate`, for the session a signed link names (`linkClaims`, checked by its route) instead
   * of the request's bearer token: a frame showing a file cannot send a header. The session and its
   * account are checked exactly as for a bearer token.
   */
  async function authenticateAs(request: FastifyRequest, linkClaims?: TokenClaims): Promise<void> {
    const auth = await loadSession(request, linkClaims);
    if (!auth) throw unauthenticated(guardMessages.sessionEnded);
    request.auth = { user: auth.user, sessionId: auth.sessionId };
    // From here on the request reads and writes its cooperative's rows only.
    enterCooperative(auth.user.cooperativeId);
    const url = request.routeOptions.url ?? '';
    if (auth.user.passwordChangeRequired && !PASSWORD_CHANGE_ALLOWED.has(url)) {
      throw new AppError('PASSWORD_CHANGE_REQUIRED', guardMessages.passwordChangeRequired);
    }
    // An admin session is an admin's on every route, the member's own and the files alike: until its
    // second factor is enrolled (while required) only the account's own calls stay open.
    if (auth.user.isAdmin && !url.startsWith(ACCOUNT_ROUTES)) {
      try {
        checkAdminSecondFactor(auth.user);
      } catch (error) {
        await refuseAdminCall(request, error as AppError);
      }
    }
  }

  /** Admin calls need two-factor sign-in turned on while the cooperative requires it. */
  function checkAdminSecondFactor(user: Pick<AuthUser, 'mfaEnabledAt'>): void {
    if (deps.mfaRequiredForAdmins && !user.mfaEnabledAt) {
      throw new AppError('MFA_ENROLMENT_REQUIRED', guardMessages.mfaEnrolmentRequired);
    }
  }

  /** An admin call refused to a signed-in account is a security event: who, which call, why. */
  async function refuseAdminCall(request: FastifyRequest, error: AppError): Promise<never> {
    const user = request.auth!.user;
    await writeAudit(
      deps.db,
      {
        actorId: user.id,
        action: 'auth.admin_refused',
        outcome: 'refused',
        targetType: 'route',
        targetId: `${request.method} ${request.routeOptions.url ?? ''}`,
        after: { code: error.code },
      },
      clientOf(request),
    );
    throw error;
  }

  /** Requires an admin holding `role`; the super admin holds every role. */
  function requirePermission(role: AdminRole) {
    return async function permissionGuard(request: FastifyRequest, reply: FastifyReply): Promise<void> {
      if (!request.auth) await authenticate(request, reply);
      const user = request.auth!.user;
      try {
        if (user.isAdmin) checkAdminSecondFactor(user);
        if (!hasRole(user, role)) throw forbidden();
      } catch (error) {
        await refuseAdminCall(request, error as AppError);
      }
    };
  }

  /** Requires any admin (for calls every admin may use, such as the dashboard counts). */
  async function requireAdmin(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    if (!request.auth) await authenticate(request, reply);
    const user = request.auth!.user;
    try {
      if (!user.isAdmin) throw forbidden();
      checkAdminSecondFactor(user);
    } catch (error) {
      await refuseAdminCall(request, error as AppError);
    }
  }

  return {
    verifyBearer,
    authenticate,
    authenticateAs,
    requirePermission,
    requireAdmin,
    checkAdminSecondFactor,
  };
}

export type Guards = ReturnType<typeof createGuards>;

/** The signed-in user of a request that passed `authenticate`. */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.auth) throw unauthenticated();
  return request.auth.user;
}
