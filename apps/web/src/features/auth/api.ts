import type { GoogleSignInBody, LoginBody, RegisterBody } from '@letsema/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { apiClient } from '../../lib/api-client';
import { currentUserQuery } from '../../lib/current-user';
import { clearToken, setToken } from '../../lib/session';
import type { GoogleProviderSettings } from './google-flow';

interface TokenAnswer {
  token: string;
}

/** The sign-in providers offered besides e-mail and password (`GET /api/auth/providers`). */
export interface AuthProviders {
  google: GoogleProviderSettings | null;
}

export const authKeys = {
  all: ['auth'] as const,
  providers: () => [...authKeys.all, 'providers'] as const,
};

export function postLogin(body: LoginBody): Promise<TokenAnswer> {
  return apiClient.post<TokenAnswer>('/api/auth/login', body);
}

export function postRegister(body: RegisterBody): Promise<TokenAnswer> {
  return apiClient.post<TokenAnswer>('/api/auth/register', body);
}

export function postGoogleSignIn(body: GoogleSignInBody): Promise<TokenAnswer> {
  return apiClient.post<TokenAnswer>('/api/auth/google', body);
}

export function fetchAuthProviders(signal?: AbortSignal): Promise<AuthProviders> {
  return apiClient.get<AuthProviders>('/api/auth/providers', signal);
}

export function postLogout(): Promise<unknown> {
  return apiClient.post<unknown>('/api/auth/logout');
}

/** Signs in, keeps the token and answers the user it belongs to. */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: LoginBody) => {
      const { token } = await postLogin(body);
      queryClient.clear();
      setToken(token);
      return queryClient.fetchQuery({ ...currentUserQuery(), retry: false });
    },
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
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: GoogleSignInBody) => {
      const { token } = await postGoogleSignIn(body);
      queryClient.clear();
      setToken(token);
      return queryClient.fetchQuery({ ...currentUserQuery(), retry: false });
    },
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
