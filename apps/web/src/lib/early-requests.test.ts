import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startFirstScreenRequests } from './early-requests';
import { createMemoryStorage, createTestToken } from './test-storage';

const token = createTestToken({ sub: 'u1', exp: Math.floor(Date.now() / 1000) + 3600 });

describe('startFirstScreenRequests', () => {
  const fetchMock = vi.fn<typeof fetch>();

  beforeEach(() => {
    fetchMock.mockReset();
    fetchMock.mockImplementation(async () => new Response('{}', { headers: { 'content-type': 'application/json' } }));
    vi.stubGlobal('fetch', fetchMock);
    vi.stubGlobal('localStorage', createMemoryStorage());
  });
  afterEach(() => vi.unstubAllGlobals());

  const started = () => fetchMock.mock.calls.map(([path]) => path);

  it("starts the signed-in user and the dashboard's own calls on the dashboard", () => {
    localStorage.setItem('token', token);
    startFirstScreenRequests('/dashboard');
    expect(started()).toEqual(['/api/auth/me', '/api/payments/my-membership', '/api/notifications/unread-count']);
  });

  it("starts the wizard's next of kin on the registration page", () => {
    localStorage.setItem('token', createTestToken({ sub: 'u2', exp: Math.floor(Date.now() / 1000) + 3600 }));
    startFirstScreenRequests('/complete-registration');
    expect(started()).toContain('/api/auth/next-of-kin');
  });

  it('starts nothing for a visitor without a session', () => {
    startFirstScreenRequests('/dashboard');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
