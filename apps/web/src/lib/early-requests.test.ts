import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMemoryStorage, createTestToken } from './test-storage';

const token = createTestToken({ sub: 'u1', exp: Math.floor(Date.now() / 1000) + 3600 });

describe('startFirstScreenRequests', () => {
  const fetchMock = vi.fn<typeof fetch>();

  beforeEach(() => {
    // The early answers live in the API client's module: each test starts with a fresh one.
    vi.resetModules();
    fetchMock.mockReset();
    fetchMock.mockImplementation(
      async () =>
        new Response(JSON.stringify({ success: true, data: { count: 0 }, error: null }), {
          headers: { 'content-type': 'application/json' },
        }),
    );
    vi.stubGlobal('fetch', fetchMock);
    vi.stubGlobal('localStorage', createMemoryStorage());
  });
  afterEach(() => vi.unstubAllGlobals());

  const started = () => fetchMock.mock.calls.map(([path]) => path);

  it("starts the signed-in user and the dashboard's own calls, and the screens' own fetches take them", async () => {
    localStorage.setItem('token', token);
    const { startFirstScreenRequests } = await import('./early-requests');
    startFirstScreenRequests('/dashboard');
    expect(started()).toEqual(['/api/auth/me', '/api/payments/my-membership', '/api/notifications/unread-count']);

    // The paths are those the screens ask for: their own fetches send nothing more.
    const { fetchCurrentUser } = await import('./current-user');
    const { fetchMyMembership } = await import('../features/dashboard/api');
    const { fetchUnreadCount } = await import('../features/notifications/api');
    await Promise.all([fetchCurrentUser(), fetchMyMembership(), fetchUnreadCount()]);
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it("starts the wizard's next of kin on the registration page, which its fetch takes", async () => {
    localStorage.setItem('token', token);
    const { startFirstScreenRequests } = await import('./early-requests');
    startFirstScreenRequests('/complete-registration');
    expect(started()).toEqual(['/api/auth/me', '/api/auth/next-of-kin']);
    const { fetchNextOfKin } = await import('../features/registration/api');
    await fetchNextOfKin();
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('starts only the signed-in user on other pages, and nothing for a visitor without a session', async () => {
    const { startFirstScreenRequests } = await import('./early-requests');
    startFirstScreenRequests('/dashboard');
    expect(fetchMock).not.toHaveBeenCalled();
    localStorage.setItem('token', token);
    startFirstScreenRequests('/pools');
    expect(started()).toEqual(['/api/auth/me']);
  });
});
