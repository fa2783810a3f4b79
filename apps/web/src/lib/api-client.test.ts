import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiClient, getErrorMessage } from './api-client';
import { createMemoryStorage, createTestToken } from './test-storage';

const token = createTestToken({ sub: 'u1', exp: Math.floor(Date.now() / 1000) + 3600 });

function answer(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

describe('apiClient', () => {
  const fetchMock = vi.fn<typeof fetch>();
  const assign = vi.fn();

  beforeEach(() => {
    fetchMock.mockReset();
    assign.mockReset();
    vi.stubGlobal('fetch', fetchMock);
    vi.stubGlobal('localStorage', createMemoryStorage());
    vi.stubGlobal('window', { location: { pathname: '/dashboard', assign } });
    localStorage.setItem('token', token);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('sends JSON with the bearer token and answers the envelope data', async () => {
    fetchMock.mockResolvedValue(answer(200, { success: true, data: { token: 'new' }, error: null }));
    await expect(apiClient.post('/api/auth/login', { email: 'a@b.co', password: 'x' })).resolves.toEqual({
      token: 'new',
    });
    const [path, init] = fetchMock.mock.calls[0]!;
    const headers = new Headers(init?.headers);
    expect(path).toBe('/api/auth/login');
    expect(init?.method).toBe('POST');
    expect(init?.body).toBe(JSON.stringify({ email: 'a@b.co', password: 'x' }));
    expect(headers.get('content-type')).toBe('application/json');
    expect(headers.get('authorization')).toBe(`Bearer ${token}`);
  });

  it('raises the server message, status and field details', async () => {
    fetchMock.mockResolvedValue(
      answer(400, { success: false, data: null, error: 'Check the form', details: { email: 'Invalid email address' } }),
    );
    const error = await apiClient.post('/api/auth/register', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      message: 'Check the form',
      status: 400,
      details: { email: 'Invalid email address' },
    });
  });

  it.each([
    ['success false without text', answer(500, { success: false, data: null })],
    ['success true without data', answer(200, { success: true, error: null })],
    ['a body that is not JSON', new Response('<html>', { status: 502, headers: { 'content-type': 'text/html' } })],
  ])('falls back to the generic message for %s', async (_label, response) => {
    fetchMock.mockResolvedValue(response);
    const error = await apiClient.get('/api/anything').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('An error occurred');
    expect(getErrorMessage(error, 'Login failed')).toBe('Login failed');
  });

  it('sends the page to sign in once when parallel calls all answer 401', async () => {
    fetchMock.mockImplementation(async () =>
      answer(401, { success: false, data: null, error: 'Your session has ended.' }),
    );
    const calls = ['/api/auth/me', '/api/notifications/unread-count', '/api/profile'].map((path) =>
      apiClient.get(path).catch((error: unknown) => error),
    );
    await Promise.all(calls);
    expect(assign).toHaveBeenCalledTimes(1);
    expect(assign).toHaveBeenCalledWith('/login');
  });

  it.each([
    ['MFA_ENROLMENT_REQUIRED', '/setup-two-factor'],
    ['PASSWORD_CHANGE_REQUIRED', '/change-password'],
  ])('sends the page to the step a 403 %s names, keeping the session', async (code, target) => {
    fetchMock.mockResolvedValue(answer(403, { success: false, data: null, error: 'Do this first.', code }));
    await expect(apiClient.get('/api/admin/staff')).rejects.toMatchObject({ status: 403 });
    expect(assign).toHaveBeenCalledWith(target);
    expect(localStorage.getItem('token')).toBe(token);
  });

  it('leaves a plain 403 to the page', async () => {
    fetchMock.mockResolvedValue(answer(403, { success: false, data: null, error: 'No.', code: 'FORBIDDEN' }));
    await expect(apiClient.get('/api/admin/staff')).rejects.toMatchObject({ status: 403 });
    expect(assign).not.toHaveBeenCalled();
  });

  it('ends the session on a 401 from any other call', async () => {
    fetchMock.mockResolvedValue(answer(401, { success: false, data: null, error: 'Your session has ended.' }));
    await expect(apiClient.get('/api/auth/me')).rejects.toMatchObject({ status: 401 });
    expect(localStorage.getItem('token')).toBeNull();
    expect(assign).toHaveBeenCalledWith('/login');
  });

  it.each(['/api/auth/login', '/api/auth/register', '/api/auth/google'])(
    'keeps the session on a 401 from %s',
    async (path) => {
      fetchMock.mockResolvedValue(answer(401, { success: false, data: null, error: 'Invalid email or password' }));
      await expect(apiClient.post(path, {})).rejects.toMatchObject({ message: 'Invalid email or password' });
      expect(localStorage.getItem('token')).toBe(token);
      expect(assign).not.toHaveBeenCalled();
    },
  );

  it('does not reload the sign-in page itself', async () => {
    vi.stubGlobal('window', { location: { pathname: '/login', assign } });
    fetchMock.mockResolvedValue(answer(401, { success: false, data: null, error: 'Your session has ended.' }));
    await expect(apiClient.get('/api/auth/me')).rejects.toBeInstanceOf(ApiError);
    expect(localStorage.getItem('token')).toBeNull();
    expect(assign).not.toHaveBeenCalled();
  });

  it('reports an unreachable server as status 0', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(apiClient.get('/api/auth/me')).rejects.toMatchObject({ status: 0 });
  });
});
