import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { adminRoles } from '@letsema/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dataOf, bearer, type TestContext } from '../../../test/app.js';
import { testEngine } from '../../../test/database.js';
import { users } from '../../db/schema.js';
import { ensureSuperAdmin, keepGeneratedPassword } from './bootstrap.js';
import { selectAccount } from '../../db/accounts.js';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe(`bootstrap super admin (${testEngine})`, () => {
  it('creates admin@localhost with a generated password once, holding every role', async () => {
    const first = await ensureSuperAdmin(t.db, { email: undefined, password: undefined });
    expect(first.created).toBe(true);
    expect(first.email).toBe('admin@localhost');
    expect(first.generatedPassword).toMatch(/^[A-Za-z0-9_-]{20}$/);

    const second = await ensureSuperAdmin(t.db, { email: undefined, password: undefined });
    expect(second).toEqual({ created: false, email: 'admin@localhost' });

    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'admin@localhost', password: first.generatedPassword },
    });
    const { token } = dataOf<{ token: string }>(login);
    const me = dataOf<{ isAdmin: boolean; isSuperAdmin: boolean; adminRoles: string[]; registrationStatus: string }>(
      await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) }),
    );
    expect(me.isAdmin).toBe(true);
    expect(me.isSuperAdmin).toBe(true);
    expect([...me.adminRoles].sort()).toEqual([...adminRoles].sort());
    expect(me.registrationStatus).toBe('active');
    const [row] = await selectAccount(t.db).where(eq(users.email, 'admin@localhost'));
    expect(row!.passwordHash).not.toContain(first.generatedPassword!);
  });

  it('makes the holder of the generated password choose a new one before anything else', async () => {
    const [admin] = await selectAccount(t.db).where(eq(users.email, 'admin@localhost'));
    expect(admin!.passwordChangeRequired).toBe(true);
    const generated = await ensureSuperAdmin(t.db, { email: undefined, password: undefined });
    expect(generated.generatedPassword).toBeUndefined();

    // On a fresh database, the holder of the printed password signs in.
    const other = await createTestApp();
    try {
      const first = await ensureSuperAdmin(other.db, { email: undefined, password: undefined });
      const { token } = dataOf<{ token: string }>(
        await other.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email: 'admin@localhost', password: first.generatedPassword },
        }),
      );
      const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
        other.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

      const me = dataOf<{ passwordChangeRequired: boolean }>(await call('GET', '/api/auth/me'));
      expect(me.passwordChangeRequired).toBe(true);
      for (const url of ['/api/admin/staff', '/api/pools', '/api/notifications']) {
        const refused = await call('GET', url);
        expect(refused.statusCode, url).toBe(403);
        expect(refused.json()).toMatchObject({
          code: 'PASSWORD_CHANGE_REQUIRED',
          error: 'Please choose a new password before you continue.',
        });
      }

      const changed = await call('POST', '/api/auth/change-password', {
        currentPassword: first.generatedPassword,
        newPassword: 'a new passphrase for the office',
      });
      expect(changed.statusCode, changed.body).toBe(200);
      expect(
        dataOf<{ passwordChangeRequired: boolean }>(await call('GET', '/api/auth/me')).passwordChangeRequired,
      ).toBe(false);
      expect((await call('GET', '/api/admin/staff')).statusCode).toBe(200);
    } finally {
      await other.close();
    }
  });
});

describe(`bootstrap by instances starting together (${testEngine})`, () => {
  it('prints one generated password, and it is the one that signs in', async () => {
    const other = await createTestApp();
    try {
      const results = await Promise.all(
        Array.from({ length: 3 }, () => ensureSuperAdmin(other.db, { email: undefined, password: undefined })),
      );
      const printed = results.filter((result) => result.generatedPassword !== undefined);
      expect(printed).toHaveLength(1);
      expect(results.filter((result) => !result.created)).toHaveLength(2);
      const login = await other.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'admin@localhost', password: printed[0]!.generatedPassword },
      });
      expect(login.statusCode, login.body).toBe(200);
      expect(await other.db.select().from(users).where(eq(users.isSuperAdmin, true))).toHaveLength(1);
    } finally {
      await other.close();
    }
  });
});

describe(`bootstrap with ADMIN_EMAIL and ADMIN_PASSWORD (${testEngine})`, () => {
  it('uses the configured credentials', async () => {
    const other = await createTestApp();
    try {
      const result = await ensureSuperAdmin(other.db, { email: 'boss@coop.example', password: 'a-strong-password' });
      expect(result).toEqual({ created: true, email: 'boss@coop.example' });
      // The operator chose this password, so it need not be changed.
      const [row] = await selectAccount(other.db).where(eq(users.email, 'boss@coop.example'));
      expect(row!.passwordChangeRequired).toBe(false);
      const login = await other.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'boss@coop.example', password: 'a-strong-password' },
      });
      expect(login.statusCode).toBe(200);
    } finally {
      await other.close();
    }
  });
});

describe('the generated password file', () => {
  it('is written readable by its owner only, also over a file left by an earlier start', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'letsema-admin-'));
    try {
      const file = path.join(dataDir, 'initial-admin-password');
      writeFileSync(file, 'old', { mode: 0o644 });
      expect(keepGeneratedPassword(dataDir, 'admin@localhost', 'generated-secret-value')).toBe(file);
      expect(statSync(file).mode & 0o777).toBe(0o600);
      expect(readFileSync(file, 'utf8')).toContain('password: generated-secret-value');
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
