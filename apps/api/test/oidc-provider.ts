import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair } from 'jose';
import Provider from 'oidc-provider';

export interface TestAccount {
  email: string;
  emailVerified: boolean;
  name?: string;
}

export interface TestProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  accounts: Map<string, TestAccount>;
  /** The account the next authorization logs in as (the provider's login step is automatic). */
  signInAs(accountId: string): void;
  close(): Promise<void>;
}

/** The control address of the test provider that chooses the next account (see `startTestProvider`). */
export const NEXT_ACCOUNT_PATH = '/__test/next-account';

/**
 * A real OpenID Connect provider on loopback (oidc-provider), with one confidential client whose
 * redirect URI is `redirectUri`. Its login and consent steps complete at once for the chosen account.
 */
export async function startTestProvider(redirectUri: string, clientId = 'letsema-test'): Promise<TestProvider> {
  const accounts = new Map<string, TestAccount>();
  let nextAccount = 'default';
  const clientSecret = 'a-client-secret-for-tests-only';

  // Port first: the issuer URL must name it.
  const { createServer } = await import('node:http');
  const placeholder = createServer();
  await new Promise<void>((resolve) => placeholder.listen(0, '127.0.0.1', resolve));
  const port = (placeholder.address() as AddressInfo).port;
  await new Promise<void>((resolve) => placeholder.close(() => resolve()));
  const issuer = `http://127.0.0.1:${port}`;

  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const signingKey = { ...(await exportJWK(privateKey)), kid: 'test-signing-key', alg: 'RS256', use: 'sig' };

  const provider = new Provider(issuer, {
    jwks: { keys: [signingKey] },
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        id_token_signed_response_alg: 'RS256',
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    scopes: ['openid', 'email', 'profile'],
    // Like Google, put the scope's claims (email, email_verified) in the ID token itself.
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: false } },
    pkce: { required: () => true },
    cookies: { keys: ['cookie-key-for-tests-only'] },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    async findAccount(_ctx, id) {
      const account = accounts.get(id);
      if (!account) return undefined;
      return {
        accountId: id,
        async claims() {
          return { sub: id, email: account.email, email_verified: account.emailVerified, name: account.name };
        },
      };
    },
  });
  provider.proxy = false;

  // Lets a test in another process (the browser specs) choose the account the next authorization logs in
  // as: /__test/next-account?id=...&email=...&verified=true|false[&name=...].
  provider.use(async (ctx, next) => {
    if (ctx.path !== NEXT_ACCOUNT_PATH) return next();
    const { id, email, verified, name } = ctx.query;
    if (typeof id !== 'string' || !id || typeof email !== 'string' || !email) {
      ctx.status = 400;
      ctx.body = { error: 'id and email are required' };
      return;
    }
    accounts.set(id, {
      email,
      emailVerified: verified === 'true',
      ...(typeof name === 'string' && name ? { name } : {}),
    });
    nextAccount = id;
    ctx.body = { accountId: id };
  });

  // The login and consent steps: finish them at once for the chosen account.
  provider.use(async (ctx, next) => {
    if (!ctx.path.startsWith('/interaction/')) return next();
    const details = await provider.interactionDetails(ctx.req, ctx.res);
    const accountId = nextAccount;
    const grant = new provider.Grant({ accountId, clientId: String(details.params.client_id) });
    grant.addOIDCScope(String(details.params.scope));
    const grantId = await grant.save();
    await provider.interactionFinished(
      ctx.req,
      ctx.res,
      { login: { accountId }, consent: { grantId } },
      { mergeWithLastSubmission: false },
    );
  });

  const server = provider.listen(port, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));

  return {
    issuer,
    clientId,
    clientSecret,
    accounts,
    signInAs(accountId) {
      nextAccount = accountId;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Follows the provider's redirects as a browser would (keeping its cookies) and answers the code it sends back. */
export async function authorizeAtProvider(
  authorizationUrl: string,
): Promise<{ code: string; state: string | null; iss: string | null }> {
  const cookies = new Map<string, string>();
  let url = authorizationUrl;
  for (let hop = 0; hop < 10; hop++) {
    const response = await fetch(url, {
      redirect: 'manual',
      headers: { cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    for (const header of response.headers.getSetCookie()) {
      const [pair] = header.split(';');
      const index = pair!.indexOf('=');
      cookies.set(pair!.slice(0, index), pair!.slice(index + 1));
    }
    const location = response.headers.get('location');
    if (!location) throw new Error(`The provider stopped at ${url} with ${response.status}: ${await response.text()}`);
    const next = new URL(location, url);
    const code = next.searchParams.get('code');
    if (code) return { code, state: next.searchParams.get('state'), iss: next.searchParams.get('iss') };
    if (next.searchParams.get('error')) throw new Error(`The provider refused: ${next.search}`);
    url = next.toString();
  }
  throw new Error('Too many redirects at the provider');
}
