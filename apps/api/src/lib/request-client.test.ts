import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { currentClient, trackRequestClient } from './request-client.js';

const apps: ReturnType<typeof Fastify>[] = [];
afterEach(async () => {
  for (const app of apps.splice(0)) await app.close();
});

/** A promise and the function that settles it, to hold a handler at a chosen point. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

function appWithRoutes(handlers: Record<string, () => Promise<unknown>>) {
  const app = Fastify();
  apps.push(app);
  trackRequestClient(app);
  for (const [url, handler] of Object.entries(handlers)) app.post(url, handler);
  return app;
}

describe('the client of the request being handled', () => {
  it('is known to the handler and what it awaits', async () => {
    const app = appWithRoutes({
      '/decide': async () => {
        await new Promise((resolve) => setTimeout(resolve, 5));
        return currentClient();
      },
    });
    const decided = await app.inject({
      method: 'POST',
      url: '/decide',
      headers: { 'user-agent': 'Browser/1' },
      remoteAddress: '198.51.100.7',
    });
    expect(decided.json()).toEqual({ ip: '198.51.100.7', userAgent: 'Browser/1' });
  });

  it('stays with a request while another that started before it is answered, and comes back for the next', async () => {
    const second = gate();
    const app = appWithRoutes({
      '/first': async () => currentClient(),
      '/second': async () => {
        await second.opened;
        await new Promise((resolve) => setTimeout(resolve, 5));
        return currentClient();
      },
    });
    const slow = app.inject({ method: 'POST', url: '/second', remoteAddress: '203.0.113.2' });
    const quick = await app.inject({ method: 'POST', url: '/first', remoteAddress: '203.0.113.1' });
    expect(quick.json().ip).toBe('203.0.113.1');
    second.open();
    expect((await slow).json().ip).toBe('203.0.113.2');
    const again = await app.inject({ method: 'POST', url: '/first', remoteAddress: '203.0.113.3' });
    expect(again.json().ip).toBe('203.0.113.3');
  });

  it('is known to a failing request until its error answer, and to none outside a request', async () => {
    let seen: ReturnType<typeof currentClient> | undefined;
    const app = appWithRoutes({
      '/fails': async () => {
        seen = currentClient();
        throw new Error('refused');
      },
    });
    const failed = await app.inject({ method: 'POST', url: '/fails', remoteAddress: '192.0.2.9' });
    expect(failed.statusCode).toBe(500);
    expect(seen?.ip).toBe('192.0.2.9');
    expect(currentClient()).toEqual({ ip: null, userAgent: null });
  });
});
