import {
  isMfaChallenge,
  type AuthProviders,
  type EmailLinkBody,
  type GoogleSignInBody,
  type AssistedResetCompleteBody,
  type PasswordResetCompleteBody,
  type LoginAnswer,
  type LoginBody,
  type LoginMfaBody,
  type MyCooperatives,
  type StartCooperativeBody,
  type StartedCooperative,
  type RegisterBody,
  type ResetAnswer,
  type SentAnswer,
  type TokenAnswer,
  type VerifiedAnswer,
} from '@letsema/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { apiClient } from '../../lib/api-client';
import { currentUserKey, currentUserQuery, type CurrentUser } from '../../lib/current-user';
import { clearToken, setToken } from '../../lib/session';

export const authKeys = {
  all: ['auth'] as const,
  providers: () => [...authKeys.all, 'providers'] as const,
};

export function postLogin(body: LoginBody): Promise<LoginAnswer> {
  return apiClient.post<LoginAnswer>('/api/auth/login', body);
}

export function postLoginCode(body: LoginMfaBody): Promise<TokenAnswer> {
  return apiClient.post<TokenAnswer>('/api/auth/login/mfa', body);
}

export function postRegister(body: RegisterBody): Promise<TokenAnswer> {
  return apiClient.post<TokenAnswer>('/api/auth/register', body);
}

export function postGoogleSignIn(body: GoogleSignInBody): Promise<LoginAnswer> {
  return apiClient.post<LoginAnswer>('/api/auth/google', body);
}

export function fetchAuthProviders(signal?: AbortSignal): Promise<AuthProviders> {
  return apiClient.get<AuthProviders>('/api/auth/providers', signal);
}

export function postLogout(): Promise<unknown> {
  return apiClient.post<unknown>('/api/auth/logout');
}

/** Where a first factor leads: the signed-in user, or the challenge a second factor finishes. */
export type SignInStep = { user: CurrentUser; challenge?: undefined } | { challenge: string; user?: undefined };

/** Keeps a new session's token and answers the user it belongs to. */
function useStartSession() {
  const queryClient = useQueryClient();
  return async (token: string): Promise<CurrentUser> => {
    queryClient.clear();
    setToken(token);
    return queryClient.fetchQuery({ ...currentUserQuery(), retry: false });
  };
}

async function toSignInStep(answer: LoginAnswer, startSession: (token: string) => Promise<CurrentUser>) {
  if (isMfaChallenge(answer)) return { challenge: answer.challenge } satisfies SignInStep;
  return { user: await startSession(answer.token) } satisfies SignInStep;
}

/** Signs in with e-mail and password: a session, or a challenge when two-factor sign-in is on. */
export function useLogin() {
  const startSession = useStartSession();
  return useMutation({
    mutationFn: async (body: LoginBody): Promise<SignInStep> => toSignInStep(await postLogin(body), startSession),
  });
}

/** Finishes a sign-in with the code from the app (or a recovery code). */
export function useLoginWithCode() {
  const startSession = useStartSession();
  return useMutation({
    mutationFn: async (body: LoginMfaBody) => startSession((await postLoginCode(body)).token),
  });
}

/** Which other sign-in providers to offer; the answer changes only with the server's configuration. */
export function useAuthProviders() {
  return useQuery({
    queryKey: authKeys.providers(),
    queryFn: ({ signal }) => fetchAuthProviders(signal),
    staleTime: 5 * 60 * 1000,
    retry: 1,
  });
}

/** Sends the provider's code with the kept verifier and nonce, keeps the token and answers the user. */
export function useGoogleSignIn() {
  const startSession = useStartSession();
  return useMutation({
    mutationFn: async (body: GoogleSignInBody): Promise<SignInStep> =>
      toSignInStep(await postGoogleSignIn(body), startSession),
  });
}

/** Creates an account. The member signs in next, so the answered token is not kept. */
export function useRegister() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: RegisterBody) => {
      await postRegister(body);
    },
    onSuccess: () => {
      clearToken();
      queryClient.clear();
    },
  });
}

/** Ends the session on the server, then forgets it here whatever the server answered. */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: async () => {
      try {
        await postLogout();
      } catch {
        // The session ends on this browser either way.
      }
    },
    onSettled: () => {
      clearToken();
      void navigate('/login', { replace: true });
      queryClient.clear();
    },
  });
}

/** Confirms the address a verification link was sent to (no sign-in needed). */
export function useVerifyEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) => apiClient.post<VerifiedAnswer>('/api/auth/verify-email', { token }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: currentUserKey }),
  });
}

/** Sends a new verification link to the signed-in account's address. */
export function useResendVerification() {
  return useMutation({
    mutationFn: () => apiClient.post<SentAnswer>('/api/auth/verify-email/resend'),
  });
}

/** E-mails a link to choose a new password; the answer is the same for any address. */
export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: (body: EmailLinkBody) => apiClient.post<SentAnswer>('/api/auth/password-reset', body),
  });
}

/** Sets the new password with the link's token; every session of the account ends. */
export function useCompletePasswordReset() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PasswordResetCompleteBody) =>
      apiClient.post<ResetAnswer>('/api/auth/password-reset/complete', body),
    onSuccess: () => {
      // A session this browser held has ended with the others.
      clearToken();
      queryClient.clear();
    },
  });
}

/** E-mails a sign-in link; the answer is the same for any address. */
export function useRequestSignInLink() {
  return useMutation({
    mutationFn: (body: EmailLinkBody) => apiClient.post<SentAnswer>('/api/auth/login/link', body),
  });
}

/** Signs in with an e-mailed link's token: a session, or a challenge when two-factor sign-in is on. */
export function useSignInWithLink() {
  const startSession = useStartSession();
  return useMutation({
    mutationFn: async (token: string): Promise<SignInStep> =>
      toSignInStep(await apiClient.post<LoginAnswer>('/api/auth/login/link/complete', { token }), startSession),
  });
}

/** Sets a new password with the one-time code the cooperative gave; every session of the account ends. */
export function useCompleteAssistedReset() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AssistedResetCompleteBody) => apiClient.post<ResetAnswer>('/api/auth/assisted-reset', body),
    onSuccess: () => {
      clearToken();
      queryClient.clear();
    },
  });
}

/** The open cooperatives of the signed-in person, read when their menu opens. */
export function useMyCooperatives() {
  return useQuery({
    queryKey: ['auth', 'cooperatives'],
    queryFn: () => apiClient.get<MyCooperatives>('/api/auth/cooperatives'),
    staleTime: 60_000,
  });
}

/**
 * Works in another of the person's cooperatives: a new session there, and every screen read again
 * from its dashboard, since nothing of the one left applies.
 */
export function useSwitchCooperative() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: (cooperativeId: string) => apiClient.post<TokenAnswer>('/api/auth/switch', { cooperativeId }),
    onSuccess: ({ token }) => {
      setToken(token);
      queryClient.clear();
      void navigate('/dashboard', { replace: true });
    },
  });
}

/** Starts a new cooperative; its founder is then signed in to it. */
export function useStartCooperative() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: StartCooperativeBody) => apiClient.post<StartedCooperative>('/api/cooperatives/start', body),
    onSuccess: ({ token }) => {
      setToken(token);
      queryClient.clear();
    },
  });
}
