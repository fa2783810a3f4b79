import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

const dataDir = () => mkdtempSync(path.join(tmpdir(), 'letsema-config-'));

describe('loadConfig', () => {
  it('applies the documented defaults', () => {
    const dir = dataDir();
    const config = loadConfig({ DATA_DIR: dir });
    expect(config.port).toBe(3000);
    expect(config.host).toBe('127.0.0.1');
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.databaseUrl).toBeUndefined();
    expect(config.mail.smtpUrl).toBeUndefined();
    expect(config.storageUrl).toBeUndefined();
    expect(config.google).toBeUndefined();
    expect(config.corsOrigins).toEqual([]);
  });

  it('reads the books settings, and moves the clock only for a rehearsal on a loopback address', () => {
    const defaults = loadConfig({ DATA_DIR: dataDir() });
    expect(defaults.cooperativeDefaults).toEqual({
      expenseDualApprovalAbove: 200_000,
      reservePercent: 0,
      exitFeePercent: 0,
      allowReturnWithdrawals: true,
      uploadQuotaMb: 100,
    });
    expect(defaults.clockOffsetDays).toBe(0);
    const set = loadConfig({ DATA_DIR: dataDir(), EXPENSE_DUAL_APPROVAL_AMOUNT: '1500.50', RESERVE_PERCENT: '2.5' });
    expect(set.cooperativeDefaults).toMatchObject({ expenseDualApprovalAbove: 150_050, reservePercent: 2.5 });
    expect(() => loadConfig({ DATA_DIR: dataDir(), RESERVE_PERCENT: '6' })).toThrow(
      /RESERVE_PERCENT: must be a number from 0 to 5/,
    );
    expect(() => loadConfig({ DATA_DIR: dataDir(), EXPENSE_DUAL_APPROVAL_AMOUNT: 'R2000' })).toThrow(
      /EXPENSE_DUAL_APPROVAL_AMOUNT/,
    );
    expect(() =>
      loadConfig({
        DATA_DIR: dataDir(),
        NODE_ENV: 'production',
        PUBLIC_URL: 'https://letsema.example',
        CLOCK_OFFSET_DAYS: '-30',
      }),
    ).toThrow(/CLOCK_OFFSET_DAYS/);
    const rehearsal = loadConfig({
      DATA_DIR: dataDir(),
      NODE_ENV: 'production',
      PUBLIC_URL: 'http://127.0.0.1:3000',
      CLOCK_OFFSET_DAYS: '-30',
    });
    expect(rehearsal.clockOffsetDays).toBe(-30);
  });

  it('generates a signing secret once, keeps it readable by the owner only, and reuses it', () => {
    const dir = dataDir();
    const first = loadConfig({ DATA_DIR: dir });
    const second = loadConfig({ DATA_DIR: dir });
    expect(Buffer.from(first.jwtSecret).equals(Buffer.from(second.jwtSecret))).toBe(true);
    const file = path.join(dir, 'jwt-secret');
    expect(readFileSync(file, 'utf8').trim().length).toBeGreaterThanOrEqual(32);
    expect(statSync(file).mode & 0o077).toBe(0);
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://localhost/db' }, 'DATABASE_URL'],
    [{ JWT_SECRET: 'short' }, 'JWT_SECRET'],
    [{ ADMIN_EMAIL: 'not-an-email' }, 'ADMIN_EMAIL'],
    [{ ADMIN_PASSWORD: 'short' }, 'ADMIN_PASSWORD'],
    [{ SMTP_URL: 'http://mail' }, 'SMTP_URL'],
    [{ STORAGE_URL: 'ftp://bucket' }, 'STORAGE_URL'],
    [{ PUBLIC_URL: 'not a url' }, 'PUBLIC_URL'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
    [{ GOOGLE_CLIENT_ID: 'id' }, 'GOOGLE_CLIENT_SECRET'],
    [
      { GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 's', GOOGLE_ISSUER: 'http://accounts.example.com' },
      'GOOGLE_ISSUER',
    ],
  ])('stops on %j naming %s', (env, variable) => {
    let error: unknown;
    try {
      loadConfig({ DATA_DIR: dataDir(), ...env });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toContain(variable);
  });

  it('accepts an http issuer on a loopback address only', () => {
    const config = loadConfig({
      DATA_DIR: dataDir(),
      GOOGLE_CLIENT_ID: 'id',
      GOOGLE_CLIENT_SECRET: 'secret',
      GOOGLE_ISSUER: 'http://127.0.0.1:4000/',
    });
    expect(config.google).toEqual({ clientId: 'id', clientSecret: 'secret', issuer: 'http://127.0.0.1:4000' });
  });

  it('reads PostgreSQL, CORS and public URL settings', () => {
    const config = loadConfig({
      DATA_DIR: dataDir(),
      DATABASE_URL: 'postgres://user@db.internal:5432/letsema',
      JWT_SECRET: 'a'.repeat(40),
      MFA_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64'),
      CORS_ORIGINS: 'https://a.example, https://b.example',
      PUBLIC_URL: 'https://letsema.example/',
      PORT: '8080',
    });
    expect(config.databaseUrl).toBe('postgres://user@db.internal:5432/letsema');
    expect(config.corsOrigins).toEqual(['https://a.example', 'https://b.example']);
    expect(config.publicUrl).toBe('https://letsema.example');
    expect(config.port).toBe(8080);
  });

  it.each([
    ['false', false],
    ['2', 2],
    ['10.0.0.0/8, 127.0.0.1,::1', ['10.0.0.0/8', '127.0.0.1', '::1']],
  ])('reads TRUST_PROXY=%s', (value, expected) => {
    expect(loadConfig({ DATA_DIR: dataDir(), TRUST_PROXY: value }).trustProxy).toEqual(expected);
  });

  it('refuses TRUST_PROXY=true and says what to write instead', () => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), TRUST_PROXY: 'true' })).toThrow(
      /TRUST_PROXY: `true` would trust any X-Forwarded-For.*number of proxies.*for example 1.*10\.0\.0\.0\/8/,
    );
    expect(() => loadConfig({ DATA_DIR: dataDir(), TRUST_PROXY: '10.0.0.0/33' })).toThrow(
      /TRUST_PROXY: "10.0.0.0\/33"/,
    );
    expect(() => loadConfig({ DATA_DIR: dataDir(), TRUST_PROXY: 'proxy.internal' })).toThrow(/TRUST_PROXY/);
  });

  it('turns metrics on only with a long enough METRICS_TOKEN, and reads the stop deadline', () => {
    const defaults = loadConfig({ DATA_DIR: dataDir() });
    expect(defaults.metricsToken).toBeUndefined();
    expect(defaults.shutdownTimeoutMs).toBe(25_000);
    const token = 'm'.repeat(32);
    const set = loadConfig({ DATA_DIR: dataDir(), METRICS_TOKEN: token, SHUTDOWN_TIMEOUT_SECONDS: '40' });
    expect(set.metricsToken).toBe(token);
    expect(set.shutdownTimeoutMs).toBe(40_000);
    expect(() => loadConfig({ DATA_DIR: dataDir(), METRICS_TOKEN: 'short' })).toThrow(
      /METRICS_TOKEN: must be at least 32 characters/,
    );
    expect(() => loadConfig({ DATA_DIR: dataDir(), METRICS_TOKEN: `${token} x` })).toThrow(
      /METRICS_TOKEN: must be printable characters without spaces/,
    );
    expect(() => loadConfig({ DATA_DIR: dataDir(), SHUTDOWN_TIMEOUT_SECONDS: '0' })).toThrow(
      /SHUTDOWN_TIMEOUT_SECONDS: must be a whole number of seconds from 1 to 600/,
    );
  });

  it('reads the idle limits and the two-factor settings, generating the key once', () => {
    const dir = dataDir();
    const config = loadConfig({ DATA_DIR: dir });
    expect(config.idleMinutes).toEqual({ admin: 30, member: 720 });
    expect(config.mfa.requiredForAdmins).toBe(true);
    expect(config.mfa.encryptionKey).toHaveLength(32);
    expect(loadConfig({ DATA_DIR: dir }).mfa.encryptionKey.equals(config.mfa.encryptionKey)).toBe(true);
    expect(statSync(path.join(dir, 'mfa-key')).mode & 0o077).toBe(0);
    const demo = loadConfig({
      DATA_DIR: dir,
      MFA_REQUIRED_FOR_ADMINS: 'false',
      ADMIN_IDLE_MINUTES: '5',
      MEMBER_IDLE_MINUTES: '60',
      MFA_ENCRYPTION_KEY: 'ab'.repeat(32),
    });
    expect(demo.mfa).toEqual({ requiredForAdmins: false, encryptionKey: Buffer.alloc(32, 0xab) });
    expect(demo.idleMinutes).toEqual({ admin: 5, member: 60 });
    expect(() => loadConfig({ DATA_DIR: dir, MFA_ENCRYPTION_KEY: 'too-short' })).toThrow(
      /MFA_ENCRYPTION_KEY: must be 32 bytes/,
    );
  });
});

describe('loadConfig in production', () => {
  const production = (env: Record<string, string>) => () =>
    loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir(), ...env });

  it('wants https for PUBLIC_URL unless it is a loopback address', () => {
    expect(production({ PUBLIC_URL: 'http://letsema.example' })).toThrow(/PUBLIC_URL: must start with https:\/\//);
    expect(production({ PUBLIC_URL: 'http://127.0.0.1:3000' })).not.toThrow();
    expect(production({ PUBLIC_URL: 'http://localhost:3000' })).not.toThrow();
    expect(production({ PUBLIC_URL: 'https://letsema.example' })).not.toThrow();
    expect(production({})).not.toThrow();
    // Outside production a plain address is fine.
    expect(() =>
      loadConfig({ NODE_ENV: 'development', DATA_DIR: dataDir(), PUBLIC_URL: 'http://letsema.example' }),
    ).not.toThrow();
  });

  it('wants TLS for mail unless plain SMTP is allowed on purpose', () => {
    expect(production({ SMTP_URL: 'smtp://mail.example:587' })).toThrow(
      /SMTP_URL: .*smtps:\/\/.*SMTP_ALLOW_PLAIN=true/,
    );
    expect(production({ SMTP_URL: 'smtp://mail.example:587', SMTP_ALLOW_PLAIN: 'true' })).not.toThrow();
    expect(production({ SMTP_URL: 'smtps://mail.example:465' })).not.toThrow();
  });

  it('wants the shared secrets when several instances can share a PostgreSQL database', () => {
    const database = { DATABASE_URL: 'postgres://db.internal/letsema' };
    expect(production(database)).toThrow(/JWT_SECRET: must be set when DATABASE_URL is set/);
    expect(production({ ...database, JWT_SECRET: 'j'.repeat(40) })).toThrow(
      /MFA_ENCRYPTION_KEY: must be set when DATABASE_URL is set/,
    );
    expect(
      production({ ...database, JWT_SECRET: 'j'.repeat(40), MFA_ENCRYPTION_KEY: Buffer.alloc(32).toString('base64') }),
    ).not.toThrow();
  });
});
