import type { MemberPayoutAccount, SavePayoutAccountInput } from '@letsema/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from './api-client';
import type { CurrentUser } from './current-user';

export const payoutAccountKey = ['payout-account'] as const;

export function usePayoutAccount() {
  return useQuery({
    queryKey: payoutAccountKey,
    queryFn: ({ signal }) => apiClient.get<MemberPayoutAccount | null>('/api/payout-account', signal),
  });
}

/**
 * How the signed-in member proves it is them: their password; without one, their authenticator's
 * code; with neither (signed in with a provider only), a code e-mailed to them.
 */
export type IdentityProofKind = 'password' | 'code' | 'email';

export function identityProofKind(user: Pick<CurrentUser, 'hasPassword' | 'mfaEnabled'>): IdentityProofKind {
  if (user.hasPassword) return 'password';
  return user.mfaEnabled ? 'code' : 'email';
}

/** Asks for a code by e-mail (accounts without a password or two-factor). */
export function sendEmailedCode(): Promise<unknown> {
  return apiClient.post('/api/auth/reauthenticate/email-code');
}

/** Confirms it is the member (valid five minutes on this session), before a payout request or an account change. */
export function confirmIdentity(kind: IdentityProofKind, value: string): Promise<unknown> {
  return apiClient.post('/api/auth/reauthenticate', kind === 'password' ? { password: value } : { code: value });
}

export function useSavePayoutAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({
      proof,
      body,
    }: {
      proof: { kind: IdentityProofKind; value: string };
      body: SavePayoutAccountInput;
    }) => {
      await confirmIdentity(proof.kind, proof.value);
      return apiClient.put<MemberPayoutAccount>('/api/payout-account', body);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: payoutAccountKey }),
  });
}
