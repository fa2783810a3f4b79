import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiClient, EARLY_ANSWER_LIFETIME_MS, getErrorMessage, startEarly } from './api-client';
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

  describe('answers started early', () => {
    const ok = (data: unknown) => answer(200, { success: true, data, error: null });

    it('hands the early answer to the first GET of its path, and only to it', async () => {
      fetchMock.mockResolvedValueOnce(ok({ n: 1 })).mockResolvedValueOnce(ok({ n: 2 }));
      startEarly('/api/early/once');
      startEarly('/api/early/once');
      expect(fetchMock).toHaveBeenCalledTimes(1);
      expect(new Headers(fetchMock.mock.calls[0]![1]?.headers).get('authorization')).toBe(`Bearer ${token}`);
      await expect(apiClient.get('/api/early/once')).resolves.toEqual({ n: 1 });
      expect(fetchMock).toHaveBeenCalledTimes(1);
      await expect(apiClient.get('/api/early/once')).resolves.toEqual({ n: 2 });
      expect(fetchMock).toHaveBeenCalledTimes(2);
    });

    it('starts nothing without a usable token', () => {
      localStorage.removeItem('token');
      startEarly('/api/early/signed-out');
      expect(fetchMock).not.toHaveBeenCalled();
    });

    it('is not used by a call of another method, with another token, or after its lifetime', async () => {
      fetchMock.mockImplementation(async () => ok({ fresh: true }));
      startEarly('/api/early/post');
      await apiClient.post('/api/early/post', {});
      expect(fetchMock).toHaveBeenCalledTimes(2);

      startEarly('/api/early/token');
      localStorage.setItem('token', createTestToken({ sub: 'u2', exp: Math.floor(Date.now() / 1000) + 3600 }));
      await apiClient.get('/api/early/token');
      expect(fetchMock).toHaveBeenCalledTimes(4);
      expect(new Headers(fetchMock.mock.calls[3]![1]?.headers).get('authorization')).not.toBe(`Bearer ${token}`);

      vi.useFakeTimers({ now: Date.now() });
      try {
        startEarly('/api/early/late');
        vi.setSystemTime(Date.now() + EARLY_ANSWER_LIFETIME_MS + 1);
        await apiClient.get('/api/early/late');
        expect(fetchMock).toHaveBeenCalledTimes(6);
      } finally {
        vi.useRealTimers();
      }
    });

    it('is dropped by any call that may change data, so a later screen never sees what was true before it', async () => {
      fetchMock.mockImplementation(async () => ok({ fresh: true }));
      startEarly('/api/early/before-change');
      await apiClient.post('/api/early/verify', {});
      await apiClient.get('/api/early/before-change');
      expect(fetchMock.mock.calls.map(([path]) => path)).toEqual([
        '/api/early/before-change',
        '/api/early/verify',
        '/api/early/before-change',
      ]);
    });

    it('keeps an early failure for its caller, who sees the usual error', async () => {
      fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
      startEarly('/api/early/offline');
      await new Promise((resolve) => setTimeout(resolve, 0));
      const error = await apiClient.get('/api/early/offline').catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ApiError);
      expect((error as ApiError).status).toBe(0);
    });
  });
});
