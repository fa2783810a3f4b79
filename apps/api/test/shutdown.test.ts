import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import { afterEach, describe, expect, it } from 'vitest';
import { apiRoot } from '../src/paths.js';
import { testEngine } from './database.js';

/*
 * Starting and stopping the real server: `scripts/start.mjs` (what `npm start` runs) in a child process, on a
 * fresh data folder (and a fresh database on the PostgreSQL pass), sent SIGTERM while a request
 * and an e-mail are in flight.
 */

const root = path.resolve(apiRoot, '../..');
const ADMIN_EMAIL = 'admin@example.com';
const ADMIN_PASSWORD = 'correct horse battery staple';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

interface Server {
  port: number;
  child: ChildProcess;
  /** The exit code (or the signal that ended it). */
  exited: Promise<number | NodeJS.Signals>;
  output(): string;
}

async function startServer(env: Record<string, string>): Promise<Server> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'letsema-stop-'));
  // A stand-in for the built web app, so the start script does not build it.
  const webDist = path.join(dataDir, 'web');
  mkdirSync(webDist);
  writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Letsema</title>');
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));

  const database: Record<string, string> = { DATABASE_URL: '' };
  if (testEngine === 'postgres') {
    database.DATABASE_URL = await createScratchDatabase();
    database.JWT_SECRET = randomBytes(32).toString('hex');
    database.MFA_ENCRYPTION_KEY = randomBytes(32).toString('base64');
  }

  const port = await freePort();
  const child = spawn(process.execPath, [path.join(root, 'scripts/start.mjs')], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: path.join(dataDir, 'data'),
      WEB_DIST_DIR: webDist,
      LOG_LEVEL: 'info',
      ADMIN_EMAIL,
      ADMIN_PASSWORD,
      MFA_REQUIRED_FOR_ADMINS: 'false',
      SMTP_URL: '',
      STORAGE_URL: '',
      METRICS_TOKEN: '',
      ...database,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let printed = '';
  const keep = (chunk: Buffer) => {
    printed += chunk.toString();
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const exited = new Promise<number | NodeJS.Signals>((resolve) =>
    child.once('exit', (code, signal) => resolve(code ?? signal!)),
  );
  cleanups.push(async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGKILL');
      await exited;
    }
  });

  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The server exited with ${child.exitCode}:\n${printed}`);
    if (Date.now() > deadline) throw new Error(`The server did not answer within two minutes:\n${printed}`);
    const status = await fetch(`http://127.0.0.1:${port}/api/health`).then(
      (response) => response.status,
      () => 0,
    );
    if (status === 200) break;
    await sleep(50);
  }
  return { port, child, exited, output: () => printed };
}

async function createScratchDatabase(): Promise<string> {
  const adminUrl = process.env.TEST_DATABASE_URL!;
  const name = `letsema_stop_${randomBytes(5).toString('hex')}`;
  const run = async (statement: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await run(`create database ${name}`);
  cleanups.push(() => run(`drop database if exists ${name} with (force)`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A sign-in whose body arrives in two parts: the server has the request (it is in flight) once the
 * first part is sent, and can answer only after `finish`.
 */
function slowSignIn(port: number) {
  const body = JSON.stringify({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
  const request = http.request({
    host: '127.0.0.1',
    port,
    method: 'POST',
    path: '/api/auth/login',
    headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
  });
  const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
    request.once('response', (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
    });
    request.once('error', reject);
  });
  request.flushHeaders();
  request.write(body.slice(0, 10));
  return {
    answer,
    finish: () => request.end(body.slice(10)),
    abandon: () => request.destroy(),
  };
}

/** Whether a new TCP connection to the port is refused. */
function isRefused(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'ECONNREFUSED'));
  });
}

async function waitUntilRefused(port: number, withinMs: number): Promise<number> {
  const start = Date.now();
  while (!(await isRefused(port))) {
    if (Date.now() - start > withinMs) throw new Error(`port ${port} still accepts connections after ${withinMs} ms`);
    await sleep(50);
  }
  return Date.now() - start;
}

/** An SMTP server that holds each message `holdMs` before accepting it, and says when one starts. */
async function startSlowSmtp(holdMs: number) {
  const accepted: string[] = [];
  let signalReceiving: () => void = () => {};
  const receiving = new Promise<void>((resolve) => (signalReceiving = resolve));
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      signalReceiving();
      stream.resume();
      stream.on('end', () => {
        setTimeout(() => {
          accepted.push(session.envelope.rcptTo.map((r) => r.address).join(','));
          callback();
        }, holdMs);
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as { port: number }).port;
  cleanups.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return { url: `smtp://127.0.0.1:${port}`, accepted, receiving };
}

/** The JSON lines the server logged, by message. */
function logged(output: string): { msg?: string; [key: string]: unknown }[] {
  return output
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as { msg?: string });
}

describe(`stopping the server (${testEngine})`, () => {
  it('on SIGTERM refuses new connections, answers the request in flight, lets the mail being sent finish, and exits 0', async () => {
    const smtp = await startSlowSmtp(2_000);
    const server = await startServer({ SMTP_URL: smtp.url, SMTP_ALLOW_PLAIN: 'true' });

    // A registration writes its confirmation mail to the outbox; the worker starts sending it.
    const registered = await fetch(`http://127.0.0.1:${server.port}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'leaving@example.com', password: ADMIN_PASSWORD }),
    });
    expect(registered.status).toBe(201);
    await Promise.race([smtp.receiving, sleep(20_000).then(() => Promise.reject(new Error('no mail was sent')))]);

    const signIn = slowSignIn(server.port);
    await sleep(300);
    const stoppingAt = Date.now();
    server.child.kill('SIGTERM');

    // The listening socket closes at once, while the request and the mail are still in flight.
    const refusedAfter = await waitUntilRefused(server.port, 1_500);
    expect(refusedAfter).toBeLessThan(1_500);
    expect(server.child.exitCode).toBeNull();

    signIn.finish();
    const answer = await signIn.answer;
    expect(answer.status, answer.body).toBe(200);
    expect((JSON.parse(answer.body) as { data: { token: string } }).data.token).toMatch(/^ey/);

    expect(await server.exited).toBe(0);
    // The mail held by the SMTP server was finished, and marked sent, before the database closed.
    expect(smtp.accepted).toEqual(['leaving@example.com']);
    expect(Date.now() - stoppingAt).toBeLessThan(20_000);
    const messages = logged(server.output()).map((line) => line.msg);
    const order = ['stopping: no new connections, finishing requests in flight', 'mail sent', 'stopped'];
    for (const message of order) expect(messages, server.output()).toContain(message);
    expect(order.map((m) => messages.indexOf(m))).toEqual(order.map((m) => messages.indexOf(m)).sort((a, b) => a - b));
  });

  it('exits 1 when a request is still unfinished at the deadline', async () => {
    const server = await startServer({ SHUTDOWN_TIMEOUT_SECONDS: '2' });
    const signIn = slowSignIn(server.port);
    signIn.answer.catch(() => undefined);
    cleanups.push(() => void signIn.abandon());
    await sleep(300);
    const stoppingAt = Date.now();
    server.child.kill('SIGTERM');

    expect(await server.exited).toBe(1);
    const took = Date.now() - stoppingAt;
    expect(took).toBeGreaterThanOrEqual(1_900);
    expect(took).toBeLessThan(10_000);
    expect(logged(server.output()).map((line) => line.msg)).toContain(
      'stop took too long; exiting with requests or jobs unfinished',
    );
  });
});

describe(`the first start (${testEngine})`, () => {
  it('keeps a generated super-admin password in a 0600 file in DATA_DIR and never prints it', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'letsema-first-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const server = await startServer({ ADMIN_PASSWORD: '', DATA_DIR: dataDir });
    const file = path.join(dataDir, 'initial-admin-password');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const password = /^password: (\S+)$/m.exec(readFileSync(file, 'utf8'))?.[1];
    expect(password).toMatch(/^[A-Za-z0-9_-]{20}$/);
    expect(server.output()).not.toContain(password);
    // Named after the line saying where Letsema runs, so the build's output does not bury it.
    const running = server.output().indexOf('Letsema is running at');
    expect(running).toBeGreaterThanOrEqual(0);
    expect(server.output().indexOf(file)).toBeGreaterThan(running);

    const signIn = await fetch(`http://127.0.0.1:${server.port}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: ADMIN_EMAIL, password }),
    });
    expect(signIn.status).toBe(200);
  });

  it("says at start that the books' clock is moved, in the log and on the console", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'letsema-clock-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const server = await startServer({ DATA_DIR: dataDir, CLOCK_OFFSET_DAYS: '8' });
    expect(logged(server.output()).find((line) => line.clockOffsetDays === 8)?.msg).toBe(
      "the books' clock is moved: a rehearsal, not the real books",
    );
    expect(server.output()).toContain("CLOCK_OFFSET_DAYS=8: the books' clock is moved, for a rehearsal only.");
    const clock = await fetch(`http://127.0.0.1:${server.port}/api/clock`);
    expect(((await clock.json()) as { data: { offsetDays: number } }).data.offsetDays).toBe(8);
  });
});
