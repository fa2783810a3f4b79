import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { adminRoles, type AdminRole } from '@letsema/domain';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp, type AppDeps, type AppOptions } from '../src/app.js';
import { loadConfig, type Config } from '../src/config.js';
import type { Db } from '../src/db/client.js';
import type { users } from '../src/db/schema.js';
import { insertAccount } from '../src/db/accounts.js';
import { hashPassword } from '../src/modules/auth/passwords.js';
import { checkAnswers } from './answer-check.js';
import { createTestDatabase } from './database.js';

export interface TestContext {
  app: FastifyInstance;
  db: Db;
  config: Config;
  dataDir: string;
  close(): Promise<void>;
}

/** Builds the real app on a fresh database and a temporary data folder. */
export async function createTestApp(
  env: Record<string, string> = {},
  options: AppOptions = {},
  deps: Pick<AppDeps, 'twoFactorClock' | 'clock'> = {},
): Promise<TestContext> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'letsema-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    JWT_SECRET: randomBytes(32).toString('hex'),
    LOG_LEVEL: 'silent',
    // Test files make many accounts from one address; the rate-limit tests set their own limits.
    RATE_LIMIT_REGISTER_PER_IP: '100000',
    RATE_LIMIT_LOGIN_PER_IP: '100000',
    // The two-factor tests turn it on; the product's default stays on.
    MFA_REQUIRED_FOR_ADMINS: 'false',
    ...env,
  });
  const database = await createTestDatabase();
  const app = await buildApp({ config, db: database.db, ...deps }, { webDist: false, ...options });
  // Every answer of every API test is checked against the call's OpenAPI description.
  const answers = checkAnswers(app);
  await app.ready();
  return {
    app,
    db: database.db,
    config,
    dataDir,
    async close() {
      await app.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
      answers.assertAllMatched();
    },
  };
}

let counter = 0;
/** A unique e-mail address for a test account. */
export function uniqueEmail(prefix = 'member'): string {
  counter += 1;
  return `${prefix}.${Date.now().toString(36)}.${counter}@example.com`;
}

export const TEST_PASSWORD = 'correct horse battery';

/** The data of a successful envelope, failing the test with the answer if it is not one. */
export function dataOf<T = Record<string, unknown>>(response: LightMyRequestResponse): T {
  const body = response.json() as { success: boolean; data: T; error: string | null };
  if (!body.success) throw new Error(`Expected success, got ${response.statusCode}: ${response.body}`);
  return body.data;
}

export function bearer(token: string) {
  return { authorization: `Bearer ${token}` };
}

/** Registers a member through the API and answers their token. */
export async function registerMember(app: FastifyInstance, email = uniqueEmail(), password = TEST_PASSWORD) {
  const response = await app.inject({ method: 'POST', url: '/api/auth/register', payload: { email, password } });
  const { token } = dataOf<{ token: string }>(response);
  const me = dataOf<{ id: string }>(await app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) }));
  return { token, email, password, userId: me.id };
}

/** Signs in through the API and answers the token. */
export async function login(app: FastifyInstance, email: string, password = TEST_PASSWORD): Promise<string> {
  const response = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
  return dataOf<{ token: string }>(response).token;
}

/** Seeds an admin holding `roles` (all of them by default) and answers the row. */
export async function seedAdmin(db: Db, options: { roles?: AdminRole[]; email?: string; superAdmin?: boolean } = {}) {
  const admin = await insertAccount(
    db,
    { email: options.email ?? uniqueEmail('admin'), passwordHash: await hashPassword(TEST_PASSWORD) },
    {
      fullName: 'Test Admin',
      isAdmin: true,
      isSuperAdmin: options.superAdmin ?? false,
      adminRoles: options.roles ?? [...adminRoles],
      registrationStatus: 'active',
    },
  );
  return admin!;
}

/** Seeds a member who has passed KYC. */
export async function seedActiveMember(
  db: Db,
  overrides: Partial<typeof users.$inferInsert> & { passwordHash?: string | null } = {},
) {
  const { email = uniqueEmail('active'), loginId: _loginId, passwordHash, ...person } = overrides;
  const member = await insertAccount(
    db,
    { email, passwordHash: passwordHash === undefined ? await hashPassword(TEST_PASSWORD) : passwordHash },
    { fullName: 'Thandi Mokoena', phoneNumber: '0821234567', registrationStatus: 'active', ...person },
  );
  return member!;
}
