import { adminRoles } from '@letsema/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dataOf, bearer, type TestContext } from '../../../test/app.js';
import { testEngine } from '../../../test/database.js';
import { users } from '../../db/schema.js';
import { ensureSuperAdmin } from './bootstrap.js';

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
    const [row] = await t.db.select().from(users).where(eq(users.email, 'admin@localhost'));
    expect(row!.passwordHash).not.toContain(first.generatedPassword!);
  });
});

describe(`bootstrap with ADMIN_EMAIL and ADMIN_PASSWORD (${testEngine})`, () => {
  it('uses the configured credentials', async () => {
    const other = await createTestApp();
    try {
      const result = await ensureSuperAdmin(other.db, { email: 'boss@coop.example', password: 'a-strong-password' });
      expect(result).toEqual({ created: true, email: 'boss@coop.example' });
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
