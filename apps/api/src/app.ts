import { randomUUID } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import cors from '@fastify/cors';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { Config } from './config.js';
import type { Db } from './db/client.js';
import { createGuards } from './lib/auth-guard.js';
import { enforceRoutePermissions } from './lib/permissions.js';
import { DOCS_PREFIX, appSchemaCompilers, registerOpenApi } from './lib/openapi/register.js';
import { fail } from './lib/envelope.js';
import { AppError } from './lib/errors.js';
import { authRoutes } from './modules/auth/routes.js';
import { assistedResetRoutes } from './modules/auth/assisted-reset-routes.js';
import { createGoogleSignIn } from './modules/auth/google.js';
import { createAuthService } from './modules/auth/service.js';
import { createRateLimiter } from './lib/rate-limit.js';
import { healthRoutes } from './modules/health/routes.js';
import { registerNotifications } from './modules/notifications/register.js';
import { fileRoutes } from './modules/files/routes.js';
import { investingRoutes } from './modules/investing/routes.js';
import { createInvestingService } from './modules/investing/service.js';
import { contributionRoutes } from './modules/contributions/routes.js';
import { createContributionService } from './modules/contributions/service.js';
import { poolRoutes } from './modules/pools/routes.js';
import { staffRoutes } from './modules/staff/routes.js';
import { auditRoutes } from './modules/audit/routes.js';
import { correctionRoutes } from './modules/corrections/routes.js';
import { createCorrectionService } from './modules/corrections/service.js';
import { privacyRoutes } from './modules/privacy/routes.js';
import { createPrivacyService } from './modules/privacy/service.js';
import { createAuditService } from './modules/audit/service.js';
import { createStaffService } from './modules/staff/service.js';
import { createStaffInvitationService } from './modules/staff/invitations.js';
import { createPoolService } from './modules/pools/service.js';
import { adminReviewRoutes } from './modules/admin/routes.js';
import { createReviewService } from './modules/admin/review-service.js';
import { kycRoutes } from './modules/kyc/routes.js';
import { createKycService } from './modules/kyc/service.js';
import { uploadRoutes } from './modules/uploads/routes.js';
import { createUploadService } from './modules/uploads/service.js';
import { createStorage, type Storage } from './lib/storage.js';
import { createMaintenance, type Maintenance } from './lib/maintenance.js';
import { registerMetrics } from './lib/metrics.js';
import { RequestLogController } from './lib/request-log.js';
import { trackRequestClient } from './lib/request-client.js';
import { runRequest } from './db/scope.js';
import { addSecurityHeaders } from './lib/security-headers.js';
import { apiRoot } from './paths.js';
import { booksRoutes } from './modules/books/routes.js';
import { payoutRoutes } from './modules/payouts/routes.js';
import { payoutAccountRoutes } from './modules/payout-account/routes.js';
import { createPayoutAccountService, erasePayoutAccount } from './modules/payout-account/service.js';
import { taskRoutes } from './modules/tasks/routes.js';
import { memberRoutes } from './modules/members/routes.js';
import { createMemberService } from './modules/members/service.js';
import { createTaskService } from './modules/tasks/service.js';
import { prepareWaitingCounts } from './modules/queues/waiting.js';
import { createPayoutService } from './modules/payouts/service.js';
import { createMonthEndService } from './modules/books/month-end-service.js';
import { createRecordsService } from './modules/books/records/service.js';
import { createStatementsService } from './modules/books/statements-service.js';
import { cooperativeRoutes } from './modules/cooperative/routes.js';
import { createCooperativeService } from './modules/cooperative/settings.js';
import { registerLoans } from './modules/loans/register.js';
import { paymentDetailsRoutes } from './modules/payment-details/routes.js';
import { createPaymentDetailsService } from './modules/payment-details/service.js';

export const defaultWebDist = path.join(apiRoot, '../web/dist');

declare module 'fastify' {
  interface FastifyInstance {
    /** The daily clean-up of what is kept no longer than needed. */
    maintenance: Maintenance;
  }
}

export interface AppDeps {
  config: Config;
  db: Db;
  /** Defaults to the storage the configuration names. */
  storage?: Storage;
  /** The clock two-factor codes and challenges are checked against (tests set it; defaults to now). */
  twoFactorClock?: () => Date;
  /** The clock money decisions are dated by (tests move it); defaults to now. */
  clock?: () => Date;
}

export interface AppOptions {
  logger?: FastifyServerOptions['logger'];
  /** Folder of the built web app; false serves none. Defaults to apps/web/dist when it exists. */
  webDist?: string | false;
}

const JSON_BODY_LIMIT = 256 * 1024;

/** Builds the HTTP app: plumbing, every feature's routes, and the web app. Tests build it too. */
export async function buildApp(deps: AppDeps, options: AppOptions = {}): Promise<FastifyInstance> {
  const { config, db } = deps;
  const app = Fastify({
    logger: options.logger ?? false,
    genReqId: () => randomUUID(),
    // One line per request, without the query string (lib/request-log.ts).
    logController: new RequestLogController(),
    bodyLimit: JSON_BODY_LIMIT,
    trustProxy: toFastifyTrust(config.trustProxy),
    routerOptions: { maxParamLength: 200 },
    schemaController: { compilersFactory: appSchemaCompilers },
  });

  app.decorateRequest('auth', null);
  // Each request's address and browser, for the audit rows its services write.
  trackRequestClient(app);
  // Each request's statements are walled in its cooperative once its guard has found the session.
  app.addHook('preHandler', (_request, _reply, done) => runRequest(done));
  const countWaiting = prepareWaitingCounts(db);
  const metrics = registerMetrics(app, { db, token: config.metricsToken, countQueues: () => countWaiting() });

  // With the request id, and no-store for API answers whose route sets no caching of its own.
  addSecurityHeaders(
    app,
    {
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          // MUI's styling engine injects style elements at run time.
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:'],
          fontSrc: ["'self'", 'data:'],
          connectSrc: ["'self'"],
          // The service worker (/sw.js) and the web app manifest come from this origin only.
          workerSrc: ["'self'"],
          manifestSrc: ["'self'"],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          frameAncestors: ["'none'"],
        },
      },
      crossOriginEmbedderPolicy: false,
    },
    [DOCS_PREFIX],
  );
  if (config.corsOrigins.length) {
    await app.register(cors, { origin: config.corsOrigins, credentials: true });
  }

  app.setErrorHandler((error, request, reply) => {
    if (error instanceof AppError) {
      if (error.headers) reply.headers(error.headers);
      const extra: { code: string; details?: Record<string, string> } = { code: error.code };
      if (error.details) extra.details = error.details;
      return reply.code(error.statusCode).send(fail(error.message, extra));
    }
    const err = error as { statusCode?: number; code?: string };
    const status = typeof err.statusCode === 'number' ? err.statusCode : 500;
    if (status >= 400 && status < 500) {
      const { message, code } = clientError(status, err.code);
      return reply.code(status).send(fail(message, { code }));
    }
    request.log.error({ err: describeUnexpected(error) }, 'unexpected error');
    return reply.code(500).send(fail('Something went wrong on our side. Please try again.', { code: 'INTERNAL' }));
  });

  const guards = createGuards({
    db,
    jwtSecret: config.jwtSecret,
    idleMinutes: config.idleMinutes,
    mfaRequiredForAdmins: config.mfa.requiredForAdmins,
  });
  enforceRoutePermissions(app, guards);
  // Before the routes: the OpenAPI description collects them as they are added.
  await registerOpenApi(app);
  const auth = createAuthService({
    db,
    config,
    ...(deps.twoFactorClock ? { twoFactorClock: deps.twoFactorClock } : {}),
  });

  // The books' clock: decisions are dated by it (CLOCK_OFFSET_DAYS moves it for a rehearsal).
  const booksClock = deps.clock ?? (() => new Date(Date.now() + config.clockOffsetDays * 24 * 60 * 60 * 1000));
  healthRoutes(app, { db, booksClock, clockOffsetDays: config.clockOffsetDays });
  authRoutes(app, {
    auth,
    guards,
    google: createGoogleSignIn(config),
    limiter: createRateLimiter(db),
    loginPerIp: config.rateLimits.loginPerIp,
  });
  assistedResetRoutes(app, { assistedReset: auth.assistedReset, guards });
  registerNotifications(app, { db, config, guards });

  await app.register(multipart, { throwFileSizeLimit: true });
  const storage = deps.storage ?? createStorage(config);
  const maintenance = createMaintenance({
    db,
    storage,
    logger: app.log,
    kycRetentionYears: config.kycRetentionYears,
    applicantRetentionMonths: config.applicantRetentionMonths,
    erasePayoutAccount,
    onRun: metrics.recordMaintenanceRun,
  });
  app.decorate('maintenance', maintenance);
  app.addHook('onReady', async () => maintenance.start());
  app.addHook('onClose', async () => maintenance.stop());
  const kyc = createKycService({ db, config });
  kycRoutes(app, { kyc, guards });
  uploadRoutes(app, {
    uploads: createUploadService({ db, storage, kyc, defaults: config.cooperativeDefaults }),
    guards,
    limiter: createRateLimiter(db),
  });
  fileRoutes(app, { db, storage, guards, jwtSecret: config.jwtSecret });
  const investing = createInvestingService({ db, config, clock: booksClock });
  poolRoutes(app, { pools: createPoolService({ db, countLiveMemberships: investing.countLiveMemberships }), guards });
  investingRoutes(app, { investing, guards });
  contributionRoutes(app, {
    contributions: createContributionService({ db, clock: { now: booksClock } }),
    guards,
  });
  paymentDetailsRoutes(app, { details: createPaymentDetailsService({ db }), guards });
  cooperativeRoutes(app, {
    cooperative: createCooperativeService({ db, defaults: config.cooperativeDefaults }),
    guards,
  });
  staffRoutes(app, {
    staff: createStaffService({ db, config }),
    invitations: createStaffInvitationService({ db, config, limiter: createRateLimiter(db), auth }),
    guards,
  });
  auditRoutes(app, { audit: createAuditService({ db }), guards });
  correctionRoutes(app, { corrections: createCorrectionService({ db, config }), guards });
  privacyRoutes(app, { privacy: createPrivacyService({ db, storage }), guards, limiter: createRateLimiter(db) });
  booksRoutes(app, {
    records: createRecordsService({ db, clock: { now: booksClock }, config }),
    monthEnd: createMonthEndService({ db, storage, clock: { now: booksClock }, config }),
    statements: createStatementsService({ db, clock: { now: booksClock } }),
    guards,
  });
  const payouts = createPayoutService({ db, clock: { now: booksClock }, config });
  payoutRoutes(app, { payouts, guards });
  payoutAccountRoutes(app, {
    accounts: createPayoutAccountService({ db, clock: { now: booksClock }, config }),
    guards,
  });
  registerLoans(app, { db, config, guards, clock: { now: booksClock } });
  memberRoutes(app, { members: createMemberService({ db, config }), guards });
  taskRoutes(app, { tasks: createTaskService({ db, clock: { now: booksClock } }), guards });
  adminReviewRoutes(app, {
    review: createReviewService({ db, config }),
    guards,
    countWaiting,
  });

  const webDistFolder = config.webDist ?? defaultWebDist;
  const webDist = options.webDist ?? (existsSync(path.join(webDistFolder, 'index.html')) ? webDistFolder : false);
  if (webDist) {
    // No route of its own per file (it would list the whole build and add two routes for each of its
    // hundreds of files at every start): the assets' route below and the not-found handler, which
    // serves any file of the build, send them with `reply.sendFile`.
    await app.register(fastifyStatic, {
      root: webDist,
      serve: false,
      cacheControl: false,
      // The build writes .br and .gz copies beside each text file; the one the browser accepts is sent.
      preCompressed: true,
      setHeaders(res, filePath) {
        const hashedAsset = filePath.includes(`${path.sep}assets${path.sep}`);
        // Everything else, the service worker script above all, is checked with the server on each
        // use, so a new release is seen on the next visit.
        res.setHeader('cache-control', hashedAsset ? 'public, max-age=31536000, immutable' : 'no-cache');
        // Caches between here and the browser must keep the brotli, gzip and plain answers apart.
        res.setHeader('vary', 'accept-encoding');
      },
    });
    app.get('/assets/*', (request, reply) => {
      const file = (request.params as { '*': string })['*'];
      return reply.sendFile(path.posix.join('assets', file));
    });
  }

  const firstScreenPages = webDist ? listFirstScreenPages(webDist) : new Map<string, string>();
  app.setNotFoundHandler((request, reply) => {
    const isPage = (request.method === 'GET' || request.method === 'HEAD') && !request.url.startsWith('/api/');
    if (webDist && isPage) {
      const pathname = request.url.split('?')[0] ?? '/';
      const file = pathname.slice(1);
      // A path with a file extension names a file of the build (icon, manifest): served if it
      // exists, else 404. Every other path is a page of the single-page app.
      if (path.extname(file)) {
        if (!file.includes('..') && !file.includes('%') && existsSync(path.join(webDist, file))) {
          return reply.sendFile(file);
        }
        return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
      }
      // A first screen (the dashboard, the wizard...) gets the page that also preloads its own chunks.
      const page = firstScreenPages.get(pathname) ?? 'index.html';
      return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').sendFile(page);
    }
    return reply.code(404).send(fail('Not found', { code: 'NOT_FOUND' }));
  });

  return app;
}

/**
 * The pages the web build wrote for its first screens (`first-screens/dashboard.html` for
 * `/dashboard`): `index.html` with the screen's own chunks preloaded. Read once at start.
 */
function listFirstScreenPages(webDist: string): Map<string, string> {
  const folder = path.join(webDist, 'first-screens');
  if (!existsSync(folder)) return new Map();
  return new Map(
    readdirSync(folder)
      .filter((name) => name.endsWith('.html'))
      .map((name) => [`/${name.slice(0, -'.html'.length)}`, `first-screens/${name}`]),
  );
}

/** A hop count trusts that many proxies nearest the server, as proxy-addr counts them. */
function toFastifyTrust(trust: Config['trustProxy']): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust === 'number') return (_address, hop) => hop < trust;
  return trust;
}

/** The message and code of a client error the framework raises (a body too large, a bad route), by status. */
const clientErrors: Record<number, { message: string; code: string }> = {
  400: { message: 'The request could not be understood', code: 'VALIDATION' },
  401: { message: 'Please sign in to continue', code: 'UNAUTHENTICATED' },
  403: { message: 'You do not have permission to do this', code: 'FORBIDDEN' },
  404: { message: 'Not found', code: 'NOT_FOUND' },
  409: { message: 'The request could not be completed', code: 'CONFLICT' },
  413: { message: 'The request is too large', code: 'PAYLOAD_TOO_LARGE' },
  415: { message: 'This content type is not supported', code: 'UNSUPPORTED_MEDIA_TYPE' },
  429: { message: 'Too many requests. Please wait a moment and try again.', code: 'RATE_LIMITED' },
};

function clientError(status: number, code: string | undefined): { message: string; code: string } {
  const known = clientErrors[status] ?? { message: 'The request could not be completed', code: 'VALIDATION' };
  if (code === 'FST_ERR_CTP_INVALID_JSON_BODY' || code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
    return { ...known, message: 'The request body is not valid JSON' };
  }
  return known;
}

/**
 * What the log keeps of an unexpected error: its kind, code, the message without any query
 * parameters (a failed query's message lists its values, which can be ID numbers), and the stack.
 */
export function describeUnexpected(error: unknown) {
  const err = error as { name?: string; message?: string; code?: string; stack?: string; cause?: { code?: string } };
  const strip = (text: string | undefined) => (text ?? '').split(/\n?params:/)[0]!.slice(0, 2000);
  return {
    type: err?.name ?? typeof error,
    code: err?.code ?? err?.cause?.code,
    message: strip(err?.message),
    stack: strip(err?.stack),
  };
}
