import { describe, expect, it } from 'vitest';
import { loginBody, registerBody, registerForm } from './schemas.js';

function firstMessages(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  const messages: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) messages[issue.path.join('.')] ??= issue.message;
  return messages;
}

describe('loginBody', () => {
  it.each([
    [{ email: 'member@example.com', password: 'x' }, {}],
    [{ email: 'nope', password: 'x' }, { email: 'Invalid email address' }],
    [{ email: '', password: 'x' }, { email: 'Invalid email address' }],
    [{ password: 'x' }, { email: 'Invalid email address' }],
    [{ email: 'member@example.com', password: '' }, { password: 'Password is required' }],
    [{ email: 'member@example.com' }, { password: 'Password is required' }],
  ])('%j gives %j', (input, expected) => {
    expect(firstMessages(loginBody.safeParse(input))).toEqual(expected);
  });

  it('trims and lower-cases the e-mail', () => {
    expect(loginBody.parse({ email: '  Thandi@Example.CO.ZA ', password: 'x' }).email).toBe('thandi@example.co.za');
  });
});

describe('registerBody', () => {
  it.each([
    ['1234567', 'Password must be at least 8 characters'],
    ['', 'Password is required'],
    ['x'.repeat(257), 'Password must be at most 256 characters'],
  ])('refuses the password %j with %j', (password, message) => {
    expect(firstMessages(registerBody.safeParse({ email: 'a@b.co', password }))).toEqual({ password: message });
  });

  it.each(['12345678', 'x'.repeat(128), 'x'.repeat(256)])('accepts a password of %#', (password) => {
    expect(registerBody.safeParse({ email: 'a@b.co', password }).success).toBe(true);
  });
});

describe('registerForm', () => {
  it("says the passwords don't match on the confirmation field", () => {
    const result = registerForm.safeParse({ email: 'a@b.co', password: '12345678', confirmPassword: '12345679' });
    expect(firstMessages(result)).toEqual({ confirmPassword: "Passwords don't match" });
  });

  it('passes matching passwords', () => {
    expect(registerForm.safeParse({ email: 'a@b.co', password: '12345678', confirmPassword: '12345678' }).success).toBe(
      true,
    );
  });
});

describe('emailField', () => {
  it.each(['admin@localhost', 'thandi.mokoena@example.co.za', 'a+b@x.io'])('accepts %s', (email) => {
    expect(loginBody.safeParse({ email, password: 'x' }).success).toBe(true);
  });
  it.each(['plain', '@example.com', 'a@', 'a b@example.com', 'a@exa mple.com'])('refuses %s', (email) => {
    expect(loginBody.safeParse({ email, password: 'x' }).success).toBe(false);
  });
});
