import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
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
  TRUST_PROXY: z
    .enum(['true', 'false', '1', '0'])
    .default('false')
    .transform((v) => v === 'true' || v === '1'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  RATE_LIMIT_LOGIN_PER_IP: positiveInt.default(30),
  RATE_LIMIT_LOGIN_PER_ACCOUNT: positiveInt.default(10),
  RATE_LIMIT_REGISTER_PER_IP: positiveInt.default(20),
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
  trustProxy: boolean;
  logLevel: string;
  rateLimits: { loginPerIp: RateLimitRule; loginPerAccount: RateLimitRule; registerPerIp: RateLimitRule };
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
    trustProxy: e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL,
    rateLimits: {
      loginPerIp: { limit: e.RATE_LIMIT_LOGIN_PER_IP, windowSeconds: 5 * 60 },
      loginPerAccount: { limit: e.RATE_LIMIT_LOGIN_PER_ACCOUNT, windowSeconds: 15 * 60 },
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
  if (!clientId)
    throw new ConfigError('Invalid configuration:\n  GOOGLE_CLIENT_ID: required when GOOGLE_CLIENT_SECRET is set');
  if (!clientSecret)
    throw new ConfigError('Invalid configuration:\n  GOOGLE_CLIENT_SECRET: required when GOOGLE_CLIENT_ID is set');
  const url = new URL(issuer);
  if (url.protocol === 'http:' && !isLoopback(url.hostname)) {
    throw new ConfigError('Invalid configuration:\n  GOOGLE_ISSUER: must be https unless it is a loopback address');
  }
  return { clientId, clientSecret, issuer: issuer.replace(/\/+$/, '') };
}

function isLoopback(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '');
  if (host === 'localhost') return true;
  if (isIP(host) === 4) return host.startsWith('127.');
  return host === '::1';
}

/** A random signing secret generated once and kept, readable by the owner only, in DATA_DIR. */
function readOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, 'jwt-secret');
  if (existsSync(file)) {
    const secret = readFileSync(file, 'utf8').trim();
    if (secret.length >= 32) return secret;
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
  return secret;
}
