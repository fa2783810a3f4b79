import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { randToCents, type CooperativeSettingsBody } from '@letsema/domain';
import { z } from 'zod';

/**
 * The only reader of process.env. Every setting is parsed and checked once, at start;
 * a wrong value stops the start with a message naming the variable.
 */

const port = z.coerce.number().int().min(1).max(65535);
const positiveInt = z.coerce.number().int().min(1);
const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v ? v : undefined));

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: port.default(3000),
  HOST: z.string().trim().min(1).default('127.0.0.1'),
  PUBLIC_URL: optionalText.pipe(z.url({ protocol: /^https?$/ }).optional()),
  DATA_DIR: z.string().trim().min(1).default('./data'),
  DATABASE_URL: optionalText.pipe(
    z.url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// or postgresql:// URL' }).optional(),
  ),
  JWT_SECRET: optionalText.pipe(z.string().min(32, { error: 'must be at least 32 characters' }).optional()),
  ADMIN_EMAIL: optionalText.pipe(z.email({ error: 'must be an e-mail address' }).optional()),
  ADMIN_PASSWORD: optionalText.pipe(z.string().min(8, { error: 'must be at least 8 characters' }).max(256).optional()),
  SMTP_URL: optionalText.pipe(z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' }).optional()),
  MAIL_FROM: z.string().trim().min(3).default('Letsema <no-reply@letsema.local>'),
  STORAGE_URL: optionalText.pipe(
    z
      .string()
      .regex(/^s3:\/\/[a-z0-9.-]{3,63}(\/.*)?$/, { error: 'must look like s3://bucket/prefix' })
      .optional(),
  ),
  S3_ENDPOINT: optionalText.pipe(z.url().optional()),
  AWS_REGION: optionalText,
  AWS_ACCESS_KEY_ID: optionalText,
  AWS_SECRET_ACCESS_KEY: optionalText,
  GOOGLE_CLIENT_ID: optionalText,
  GOOGLE_CLIENT_SECRET: optionalText,
  GOOGLE_ISSUER: z.string().trim().default('https://accounts.google.com').pipe(z.url()),
  CORS_ORIGINS: optionalText,
  WEB_DIST_DIR: optionalText,
  TRUST_PROXY: z.string().trim().default('false'),
  SMTP_ALLOW_PLAIN: z.enum(['true', 'false']).default('false'),
  ADMIN_IDLE_MINUTES: positiveInt.default(30),
  MEMBER_IDLE_MINUTES: positiveInt.default(720),
  MFA_REQUIRED_FOR_ADMINS: z.enum(['true', 'false'], { error: 'must be true or false' }).default('true'),
  MFA_ENCRYPTION_KEY: optionalText,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  METRICS_TOKEN: optionalText.pipe(
    z
      .string()
      .min(32, { error: 'must be at least 32 characters (for example `openssl rand -hex 32`)' })
      .max(512)
      .regex(/^[\x21-\x7e]+$/, { error: 'must be printable characters without spaces' })
      .optional(),
  ),
  // A message on the schema stands for each of its checks.
  SHUTDOWN_TIMEOUT_SECONDS: z.coerce
    .number({ error: 'must be a whole number of seconds from 1 to 600' })
    .int()
    .min(1)
    .max(600)
    .default(25),
  RATE_LIMIT_LOGIN_PER_IP: positiveInt.default(30),
  RATE_LIMIT_LOGIN_PER_ACCOUNT: positiveInt.default(10),
  RATE_LIMIT_LOGIN_PER_ACCOUNT_DAY: positiveInt.default(50),
  RATE_LIMIT_REGISTER_PER_IP: positiveInt.default(20),
  UPLOAD_QUOTA_MB: positiveInt.default(100),
  KYC_RETENTION_YEARS: positiveInt.default(5),
  APPLICANT_RETENTION_MONTHS: positiveInt.default(12),
  /** Age public keys a backup is encrypted to, apart by commas or spaces. */
  BACKUP_RECIPIENT: optionalText,
  EXPENSE_DUAL_APPROVAL_AMOUNT: z
    .string()
    .trim()
    .default('2000')
    .pipe(z.string().regex(/^\d{1,9}(\.\d{1,2})?$/, { error: 'must be an amount in rand, such as 2000 or 2000.50' })),
  RESERVE_PERCENT: z.coerce.number({ error: 'must be a number from 0 to 5' }).min(0).max(5).default(0),
  EXIT_FEE_PERCENT: z.coerce.number({ error: 'must be a number from 0 to 10' }).min(0).max(10).default(0),
  ALLOW_RETURN_WITHDRAWALS: z.enum(['true', 'false'], { error: 'must be true or false' }).default('true'),
  CLOCK_OFFSET_DAYS: z.coerce
    .number({ error: 'must be a whole number of days' })
    .int({ error: 'must be a whole number of days' })
    .min(-3660)
    .max(3660)
    .default(0),
});

export interface RateLimitRule {
  limit: number;
  windowSeconds: number;
}

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  jwtSecret: Uint8Array;
  admin: { email: string | undefined; password: string | undefined };
  mail: { smtpUrl: string | undefined; from: string };
  storageUrl: string | undefined;
  s3: {
    endpoint: string | undefined;
    region: string | undefined;
    credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
  };
  google: { clientId: string; clientSecret: string; issuer: string } | undefined;
  corsOrigins: string[];
  /** Folder of the built web app to serve instead of apps/web/dist. */
  webDist: string | undefined;
  /** What Fastify trusts of X-Forwarded-For: nothing, a number of proxy hops, or proxy addresses. */
  trustProxy: false | number | string[];
  logLevel: string;
  /** The bearer token that opens GET /metrics; unset turns the metrics off (404). */
  metricsToken: string | undefined;
  /** How long a stop may take (requests in flight, the mail being sent) before the process gives up. */
  shutdownTimeoutMs: number;
  /** Minutes without a request after which a session ends. */
  idleMinutes: { admin: number; member: number };
  mfa: { requiredForAdmins: boolean; encryptionKey: Buffer };
  rateLimits: {
    loginPerIp: RateLimitRule;
    loginPerAccount: RateLimitRule;
    /** Wrong passwords an account takes in a day from anywhere; past it, only an e-mailed link signs in. */
    loginPerAccountDay: RateLimitRule;
    registerPerIp: RateLimitRule;
  };
  /** Years a member's identity documents are kept after the relationship ends. */
  kycRetentionYears: number;
  /** Months an applicant never approved is kept after their rejection or last activity. */
  applicantRetentionMonths: number;
  /** Age public keys (`age1...`) `npm run backup` encrypts its archive to, unless --recipient names others. */
  backupRecipients: string[];
  /**
   * The settings a cooperative starts with until its super admin saves its own in /admin/settings
   * (the accessor is modules/cooperative/settings.ts): the dual-approval amount of expenses (cents),
   * the reserve's share of a month's profit (0 to 5 percent), the exit fee (0 to 10 percent), whether
   * members may withdraw their returns, and the megabytes of files each account may keep.
   */
  cooperativeDefaults: CooperativeSettingsBody;
  /**
   * Days the books' clock is moved from the real one, to rehearse a month end on a copy; refused in
   * production unless the server answers on a loopback address.
   */
  clockOffsetDays: number;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Reads and checks the configuration; throws ConfigError naming each wrong variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => {
      const name = String(issue.path[0] ?? 'configuration');
      return `${name}: ${issue.message}`;
    });
    throw new ConfigError(`Invalid configuration:\n  ${lines.join('\n  ')}`);
  }
  const e = parsed.data;

  const google = resolveGoogle(e.GOOGLE_CLIENT_ID, e.GOOGLE_CLIENT_SECRET, e.GOOGLE_ISSUER);
  const dataDir = path.resolve(e.DATA_DIR);
  const trustProxy = parseTrustProxy(e.TRUST_PROXY);
  if (e.NODE_ENV === 'production') checkProductionSettings(e);
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    dataDir,
    databaseUrl: e.DATABASE_URL,
    jwtSecret: new TextEncoder().encode(e.JWT_SECRET ?? readOrCreateSecret(dataDir)),
    admin: { email: e.ADMIN_EMAIL?.toLowerCase(), password: e.ADMIN_PASSWORD },
    mail: { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM },
    storageUrl: e.STORAGE_URL,
    s3: {
      endpoint: e.S3_ENDPOINT,
      region: e.AWS_REGION,
      credentials:
        e.AWS_ACCESS_KEY_ID && e.AWS_SECRET_ACCESS_KEY
          ? { accessKeyId: e.AWS_ACCESS_KEY_ID, secretAccessKey: e.AWS_SECRET_ACCESS_KEY }
          : undefined,
    },
    google,
    corsOrigins: e.CORS_ORIGINS
      ? e.CORS_ORIGINS.split(',')
          .map((o) => o.trim())
          .filter(Boolean)
      : [],
    webDist: e.WEB_DIST_DIR ? path.resolve(e.WEB_DIST_DIR) : undefined,
    trustProxy,
    logLevel: e.LOG_LEVEL,
    metricsToken: e.METRICS_TOKEN,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_SECONDS * 1000,
    idleMinutes: { admin: e.ADMIN_IDLE_MINUTES, member: e.MEMBER_IDLE_MINUTES },
    mfa: {
      requiredForAdmins: e.MFA_REQUIRED_FOR_ADMINS === 'true',
      encryptionKey: e.MFA_ENCRYPTION_KEY ? parseKey(e.MFA_ENCRYPTION_KEY) : readOrCreateKey(dataDir),
    },
    kycRetentionYears: e.KYC_RETENTION_YEARS,
    applicantRetentionMonths: e.APPLICANT_RETENTION_MONTHS,
    backupRecipients: (e.BACKUP_RECIPIENT ?? '').split(/[\s,]+/).filter(Boolean),
    cooperativeDefaults: {
      // The variable's pattern admits only amounts randToCents reads.
      expenseDualApprovalAbove: randToCents(e.EXPENSE_DUAL_APPROVAL_AMOUNT)!,
      reservePercent: e.RESERVE_PERCENT,
      exitFeePercent: e.EXIT_FEE_PERCENT,
      allowReturnWithdrawals: e.ALLOW_RETURN_WITHDRAWALS === 'true',
      uploadQuotaMb: e.UPLOAD_QUOTA_MB,
    },
    clockOffsetDays: e.CLOCK_OFFSET_DAYS,
    rateLimits: {
      loginPerIp: { limit: e.RATE_LIMIT_LOGIN_PER_IP, windowSeconds: 5 * 60 },
      loginPerAccount: { limit: e.RATE_LIMIT_LOGIN_PER_ACCOUNT, windowSeconds: 15 * 60 },
      loginPerAccountDay: { limit: e.RATE_LIMIT_LOGIN_PER_ACCOUNT_DAY, windowSeconds: 24 * 60 * 60 },
      registerPerIp: { limit: e.RATE_LIMIT_REGISTER_PER_IP, windowSeconds: 60 * 60 },
    },
  };
}

function resolveGoogle(
  clientId: string | undefined,
  clientSecret: string | undefined,
  issuer: string,
): Config['google'] {
  if (!clientId && !clientSecret) return undefined;
  if (!clientId) refuse('GOOGLE_CLIENT_ID', 'required when GOOGLE_CLIENT_SECRET is set');
  if (!clientSecret) refuse('GOOGLE_CLIENT_SECRET', 'required when GOOGLE_CLIENT_ID is set');
  const url = new URL(issuer);
  if (url.protocol === 'http:' && !isLoopback(url.hostname)) {
    refuse('GOOGLE_ISSUER', 'must be https unless it is a loopback address');
  }
  return { clientId, clientSecret, issuer: issuer.replace(/\/+$/, '') };
}

function isLoopback(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '');
  if (host === 'localhost') return true;
  if (isIP(host) === 4) return host.startsWith('127.');
  return host === '::1';
}

/** The text kept in file `name` of DATA_DIR while `isUsable` accepts it; else `create()`, written there for the owner only. */
function readOrCreateFile(dataDir: string, name: string, isUsable: (text: string) => boolean, create: () => string) {
  const file = path.join(dataDir, name);
  if (existsSync(file)) {
    const text = readFileSync(file, 'utf8').trim();
    if (isUsable(text)) return text;
  }
  mkdirSync(dataDir, { recursive: true });
  const text = create();
  writeFileSync(file, `${text}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
  return text;
}

function refuse(variable: string, message: string): never {
  throw new ConfigError(`Invalid configuration:\n  ${variable}: ${message}`);
}

/**
 * TRUST_PROXY: `false`, the number of proxies in front of the server, or their addresses and CIDR
 * ranges. `true` would believe whatever X-Forwarded-For a client writes, so it is refused.
 */
function parseTrustProxy(value: string): Config['trustProxy'] {
  if (value === 'false' || value === '0' || value === '') return false;
  if (value === 'true') {
    refuse(
      'TRUST_PROXY',
      '`true` would trust any X-Forwarded-For header a client writes, so every per-address limit could be dodged. ' +
        'Write the number of proxies in front of the server (for example 1), or their addresses or ranges ' +
        '(for example 10.0.0.0/8,127.0.0.1).',
    );
  }
  if (/^\d+$/.test(value)) return Number(value);
  const entries = value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  for (const entry of entries) {
    if (!isAddressOrRange(entry)) {
      refuse(
        'TRUST_PROXY',
        `"${entry}" is not an address or CIDR range. Write false, a number of proxies (for example 1), ` +
          'or addresses and ranges separated by commas (for example 10.0.0.0/8,127.0.0.1).',
      );
    }
  }
  return entries;
}

function isAddressOrRange(entry: string): boolean {
  const [address, prefix, ...rest] = entry.split('/');
  if (rest.length || !address) return false;
  const family = isIP(address);
  if (!family) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (family === 4 ? 32 : 128);
}

/** Settings that are fine on a laptop but unsafe on a server open to members. */
function checkProductionSettings(e: z.infer<typeof envSchema>): void {
  if (e.PUBLIC_URL) {
    const url = new URL(e.PUBLIC_URL);
    if (url.protocol !== 'https:' && !isLoopback(url.hostname)) {
      refuse(
        'PUBLIC_URL',
        'must start with https:// in production (members sign in and upload ID documents through it). ' +
          'Put the server behind a TLS proxy and give its https address, or use a loopback address to try it locally.',
      );
    }
  }
  if (e.SMTP_URL?.startsWith('smtp://') && e.SMTP_ALLOW_PLAIN !== 'true') {
    refuse(
      'SMTP_URL',
      'smtp:// may send mail and its password without encryption. Use smtps:// (TLS, usually port 465), ' +
        'or set SMTP_ALLOW_PLAIN=true if the mail server is on a network you trust.',
    );
  }
  if (e.CLOCK_OFFSET_DAYS !== 0 && !(e.PUBLIC_URL && isLoopback(new URL(e.PUBLIC_URL).hostname))) {
    refuse(
      'CLOCK_OFFSET_DAYS',
      'moves the dates money decisions are booked on, for rehearsing a month end on a copy of the data. ' +
        'It is refused in production unless PUBLIC_URL is a loopback address.',
    );
  }
  if (e.DATABASE_URL && !e.JWT_SECRET) {
    refuse(
      'JWT_SECRET',
      'must be set when DATABASE_URL is set: several instances share the database and must sign tokens with ' +
        'the same secret. Generate one with `openssl rand -base64 48` and give it to every instance.',
    );
  }
  if (e.DATABASE_URL && !e.MFA_ENCRYPTION_KEY) {
    refuse(
      'MFA_ENCRYPTION_KEY',
      'must be set when DATABASE_URL is set: every instance must read the same two-factor secrets. ' +
        'Generate one with `openssl rand -base64 32` and give it to every instance.',
    );
  }
}

/** A 32-byte key written as base64 or hex. */
function parseKey(value: string): Buffer {
  const key = /^[0-9a-f]{64}$/i.test(value) ? Buffer.from(value, 'hex') : Buffer.from(value, 'base64');
  if (key.length !== 32) {
    refuse('MFA_ENCRYPTION_KEY', 'must be 32 bytes written as base64 or hex (for example `openssl rand -base64 32`).');
  }
  return key;
}

/** A random signing secret generated once and kept in DATA_DIR. */
function readOrCreateSecret(dataDir: string): string {
  const isSecret = (text: string) => text.length >= 32;
  return readOrCreateFile(dataDir, 'jwt-secret', isSecret, () => randomBytes(48).toString('base64url'));
}

/** The two-factor encryption key generated once and kept in DATA_DIR, as base64. */
function readOrCreateKey(dataDir: string): Buffer {
  const isKey = (text: string) => Buffer.from(text, 'base64').length === 32;
  const text = readOrCreateFile(dataDir, 'mfa-key', isKey, () => randomBytes(32).toString('base64'));
  return Buffer.from(text, 'base64');
}
