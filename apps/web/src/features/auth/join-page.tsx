import type { CooperativeCard, TokenAnswer } from '@letsema/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { PlainAlert } from '../../components/plain/plain-alert';
import { PlainButton, PlainSpinner } from '../../components/plain/plain-button';
import styles from '../../components/plain/plain.module.css';
import { apiClient, getErrorMessage } from '../../lib/api-client';
import { hasSession, setToken } from '../../lib/session';
import { AuthLayout } from './auth-layout';

/**
 * `/join/<slug>`, a cooperative's invitation link: who it is, then either joining with the account
 * signed in here (an application of its own there) or creating an account in it.
 */
export function JoinPage() {
  const { slug = '' } = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const card = useQuery({
    queryKey: ['join', slug],
    queryFn: ({ signal }) => apiClient.get<CooperativeCard>(`/api/cooperatives/${encodeURIComponent(slug)}`, signal),
    retry: false,
  });
  const join = useMutation({
    mutationFn: () => apiClient.post<TokenAnswer>(`/api/cooperatives/${encodeURIComponent(slug)}/join`),
    onSuccess: ({ token }) => {
      setToken(token);
      queryClient.clear();
      void navigate('/dashboard', { replace: true });
    },
  });
  const signedIn = hasSession();
  const name = card.data?.name;

  return (
    <AuthLayout
      title={name ? `Join ${name}` : 'Join a cooperative'}
      subtitle={card.data?.province ? `A savings cooperative in ${card.data.province}, on Letsema` : 'On Letsema'}
      footer={{ question: 'Starting a cooperative of your own?', linkText: 'Set it up', to: '/start' }}
    >
      <div className={styles.formStack}>
        {card.isPending && <PlainSpinner />}
        {card.isError && (
          <PlainAlert severity="error">
            {getErrorMessage(card.error, 'This invitation link could not be opened.')}
          </PlainAlert>
        )}
        {join.isError && <PlainAlert severity="error">{getErrorMessage(join.error, 'Joining failed')}</PlainAlert>}
        {card.data && signedIn && (
          <>
            <p>
              Join with the account you are signed in with. You then complete your registration for {name}, and its
              committee reviews it.
            </p>
            <PlainButton variant="contained" isFullWidth disabled={join.isPending} onClick={() => join.mutate()}>
              {join.isPending ? 'Joining…' : `Join ${name}`}
            </PlainButton>
          </>
        )}
        {card.data && !signedIn && (
          <>
            <PlainButton variant="contained" isFullWidth to={`/register?cooperative=${encodeURIComponent(slug)}`}>
              Create an account to join
            </PlainButton>
            <p>Already on Letsema with another cooperative? Sign in to join with the same account.</p>
            <PlainButton variant="outlined" isFullWidth to={`/login?join=${encodeURIComponent(slug)}`}>
              Sign in
            </PlainButton>
          </>
        )}
      </div>
    </AuthLayout>
  );
}
