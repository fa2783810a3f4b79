import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { apiRoot } from '../src/paths.js';
import { testEngine } from './database.js';

/*
 * Real API processes for the tests that need more than one, or need to kill one: the server bundle
 * (`apps/api/dist/main.js`, what `npm start` runs) started as a child process on a PostgreSQL
 * database of its own, spoken to over HTTP.
 */

export const repoRoot = path.resolve(apiRoot, '..', '..');
const serverEntry = path.join(apiRoot, 'dist', 'main.js');

/**
 * Why these tests do not run here, or undefined when they do: they need a PostgreSQL server (several
 * processes cannot share PGlite) and run once, on the PostgreSQL pass of the API suite.
 */
export const processTestsSkipReason: string | undefined = !process.env.TEST_DATABASE_URL
  ? 'skipped: it needs PostgreSQL, set TEST_DATABASE_URL'
  : testEngine !== 'postgres'
    ? 'skipped on PGlite: it runs on the PostgreSQL pass (TEST_ENGINE=postgres)'
    : undefined;

/** A new, empty database on the TEST_DATABASE_URL server, and a way to drop it. */
export async function createScratchDatabase(prefix: string): Promise<{ url: string; drop(): Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `${prefix}_${randomBytes(5).toString('hex')}`;
  await runAdminStatement(adminUrl, `create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => runAdminStatement(adminUrl, `drop database if exists ${name} with (force)`),
  };
}

async function runAdminStatement(adminUrl: string, statement: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

interface ServerBuild {
  isServerBuildStale(): boolean;
  buildServer(): Promise<void>;
}

/**
 * Builds the server bundle when a source changed since it was built, once: test files running side
 * by side take a lock folder, so only the first builds and the others find it fresh.
 */
export async function ensureServerBundle(): Promise<void> {
  const build = (await import(pathToFileURL(path.join(repoRoot, 'scripts', 'build-server.mjs')).href)) as ServerBuild;
  const lock = path.join(apiRoot, 'dist', '.build-lock');
  mkdirSync(path.dirname(lock), { recursive: true });
  const deadline = Date.now() + 180_000;
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      // A lock left by a run that was killed while building is taken over after two minutes.
      if (Date.now() - lockAge(lock) > 120_000) rmSync(lock, { recursive: true, force: true });
      if (Date.now() > deadline) throw new Error('Timed out waiting for the server bundle to be built');
      await sleep(200);
    }
  }
  try {
    if (build.isServerBuildStale()) await build.buildServer();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

function lockAge(lock: string): number {
  try {
    return statSync(lock).mtimeMs;
  } catch {
    return Date.now();
  }
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

export interface ApiProcess {
  readonly baseUrl: string;
  readonly port: number;
  readonly pid: number;
  /** Ends it as an operator would (SIGTERM: requests in flight and the mail outbox finish). */
  stop(): Promise<void>;
  /** Ends it at once, as a crash or a power cut would (SIGKILL). */
  kill(): Promise<void>;
  /** What it printed, for a failing test's message. */
  output(): string;
}

/** Settings every test process gets; `env` adds and overrides. */
const baseEnv = {
  NODE_ENV: 'production',
  HOST: '127.0.0.1',
  LOG_LEVEL: 'warn',
  MFA_REQUIRED_FOR_ADMINS: 'false',
  RATE_LIMIT_LOGIN_PER_IP: '100000',
  RATE_LIMIT_REGISTER_PER_IP: '100000',
};

/** Variables of this process that must not leak into the server's configuration. */
const inheritedSettings = [
  'DATABASE_URL',
  'STORAGE_URL',
  'S3_ENDPOINT',
  'SMTP_URL',
  'JWT_SECRET',
  'MFA_ENCRYPTION_KEY',
  'ADMIN_EMAIL',
  'ADMIN_PASSWORD',
  'PUBLIC_URL',
  'NODE_OPTIONS',
  'CLOCK_OFFSET_DAYS',
];

/**
 * Starts the built server (run `ensureServerBundle` first) with `env` on `port`, and answers once
 * `/api/health` does.
 */
export async function startApiProcess(options: { port?: number; env: Record<string, string> }): Promise<ApiProcess> {
  const port = options.port ?? (await freePort());
  const baseUrl = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of inheritedSettings) delete env[name];
  Object.assign(env, baseEnv, { PORT: String(port), PUBLIC_URL: baseUrl }, options.env);
  const child = spawn(process.execPath, [serverEntry], { cwd: repoRoot, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let printed = '';
  const keep = (chunk: Buffer) => {
    printed = (printed + chunk.toString()).slice(-20_000);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const handle: ApiProcess = {
    baseUrl,
    port,
    pid: child.pid!,
    output: () => printed,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      child.kill('SIGTERM');
      await exited;
      clearTimeout(timer);
    },
    async kill() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGKILL');
      await exited;
    },
  };
  try {
    await waitForHealth(baseUrl, child);
  } catch (error) {
    await handle.kill();
    throw new Error(`${(error as Error).message}\n${printed}`);
  }
  return handle;
}

async function waitForHealth(baseUrl: string, child: ChildProcess) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The server exited with code ${child.exitCode}`);
    try {
      const response = await fetch(`${baseUrl}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await sleep(50);
  }
  throw new Error('The server did not become healthy within a minute');
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** An answer of the API over HTTP: its status and envelope. */
export interface HttpAnswer<T = unknown> {
  status: number;
  success: boolean;
  data: T;
  error: string | null;
  code?: string;
}

/** Calls the API at `baseUrl` with a JSON body (if any) as `token` (if any). */
export async function callApi<T = unknown>(
  baseUrl: string,
  method: string,
  url: string,
  options: { body?: unknown; token?: string | undefined } = {},
): Promise<HttpAnswer<T>> {
  const response = await fetch(`${baseUrl}${url}`, {
    method,
    headers: {
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
    },
    body: options.body === undefined ? null : JSON.stringify(options.body),
  });
  const text = await response.text();
  let envelope: Omit<HttpAnswer<T>, 'status'>;
  try {
    envelope = JSON.parse(text) as Omit<HttpAnswer<T>, 'status'>;
  } catch {
    throw new Error(`${method} ${url} answered ${response.status} without JSON: ${text.slice(0, 200)}`);
  }
  return { status: response.status, ...envelope };
}

/** Calls the API and answers the data, throwing with the answer unless the status is `expected`. */
export async function callOk<T = Record<string, unknown>>(
  baseUrl: string,
  method: string,
  url: string,
  options: { body?: unknown; token?: string | undefined; expected?: number } = {},
): Promise<T> {
  const answer = await callApi<T>(baseUrl, method, url, options);
  if (answer.status !== (options.expected ?? 200) || !answer.success) {
    throw new Error(`${method} ${url} answered ${answer.status}: ${answer.error ?? ''}`);
  }
  return answer.data;
}

/** Uploads `bytes` as a browser does (multipart) and answers the file's `/api/files/...` address. */
export async function uploadOverHttp(
  baseUrl: string,
  token: string,
  kind: string,
  bytes: Buffer,
  type: string,
): Promise<string> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type }), 'upload');
  const response = await fetch(`${baseUrl}/api/uploads/${kind}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const envelope = (await response.json()) as { success: boolean; data: { url: string }; error: string };
  if (response.status !== 201 || !envelope.success) {
    throw new Error(`Upload of ${kind} answered ${response.status}: ${envelope.error}`);
  }
  return envelope.data.url;
}
