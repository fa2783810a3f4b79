import * as oidc from 'openid-client';
import type { Config } from '../../config.js';
import { AppError } from '../../lib/errors.js';

export interface ExternalIdentity {
  issuer: string;
  subject: string;
  email: string | undefined;
  emailVerified: boolean;
  name: string | undefined;
}

export const googleMessages = {
  failed: 'Google sign-in failed. Please try again.',
  unavailable: 'Google sign-in is not available right now. Please sign in with your e-mail and password.',
} as const;

/**
 * Sign-in through an OpenID Connect provider (Google by default): the authorization code is
 * exchanged with PKCE, and the ID token is verified (signature, issuer, audience, expiry, nonce).
 */
export function createGoogleSignIn(config: Pick<Config, 'google' | 'publicUrl'>) {
  const google = config.google;
  if (!google) return undefined;
  const redirectUri = `${config.publicUrl}/auth/google/callback`;
  const insecure = new URL(google.issuer).protocol === 'http:';
  let discovered: Promise<oidc.Configuration> | undefined;

  function configuration(): Promise<oidc.Configuration> {
    discovered ??= oidc
      .discovery(
        new URL(google!.issuer),
        google!.clientId,
        google!.clientSecret,
        undefined,
        // Plain http is allowed only for a loopback issuer (checked when the configuration was read).
        insecure ? { execute: [oidc.allowInsecureRequests] } : undefined,
      )
      .then((found) => {
        oidc.enableNonRepudiationChecks(found);
        return found;
      })
      .catch((error: unknown) => {
        discovered = undefined;
        throw error;
      });
    return discovered;
  }

  return {
    redirectUri,

    /** What the browser needs to send the member to the provider. */
    async publicSettings() {
      try {
        const found = await configuration();
        return {
          authorizationEndpoint: found.serverMetadata().authorization_endpoint!,
          clientId: google.clientId,
          redirectUri,
          scope: 'openid email profile',
        };
      } catch {
        throw new AppError('INVALID_STATE', googleMessages.unavailable);
      }
    },

    /** Exchanges the code and answers the verified identity. */
    async exchange(input: {
      code: string;
      codeVerifier: string;
      nonce: string;
      state?: string | undefined;
      iss?: string | undefined;
    }): Promise<ExternalIdentity> {
      let found: oidc.Configuration;
      try {
        found = await configuration();
      } catch {
        throw new AppError('INVALID_STATE', googleMessages.unavailable);
      }
      const callback = new URL(redirectUri);
      callback.searchParams.set('code', input.code);
      if (input.state) callback.searchParams.set('state', input.state);
      // Providers that name themselves in the redirect (RFC 9207) have it checked against the issuer.
      if (input.iss) callback.searchParams.set('iss', input.iss);
      try {
        const tokens = await oidc.authorizationCodeGrant(found, callback, {
          pkceCodeVerifier: input.codeVerifier,
          expectedNonce: input.nonce,
          expectedState: input.state ?? oidc.skipStateCheck,
          idTokenExpected: true,
        });
        const claims = tokens.claims();
        if (!claims) throw new Error('no ID token');
        return {
          issuer: claims.iss,
          subject: claims.sub,
          email: typeof claims.email === 'string' ? claims.email.trim().toLowerCase() : undefined,
          emailVerified: claims.email_verified === true,
          name: typeof claims.name === 'string' ? claims.name : undefined,
        };
      } catch {
        throw new AppError('UNAUTHENTICATED', googleMessages.failed);
      }
    },
  };
}

export type GoogleSignIn = NonNullable<ReturnType<typeof createGoogleSignIn>>;
