import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { getErrorMessage } from '../../../../lib/api-client';
import { useCurrentUser } from '../../../../lib/current-user';
import { formatAdminDateTime } from '../../../../lib/formatters';
import { useAssistedResets, useDecideAssistedReset, useStartAssistedReset } from '../assisted-reset-api';

/**
 * For a member who cannot read their e-mail: one admin starts a password reset after checking who
 * they are in person, a second approves, and the approval shows a one-time code, once, to give them.
 */
export function AssistedResetSection({ userId }: { userId: string }) {
  const me = useCurrentUser();
  const resets = useAssistedResets();
  const start = useStartAssistedReset();
  const decide = useDecideAssistedReset();
  const [code, setCode] = useState<string | null>(null);
  const reset = resets.data?.find((r) => r.member.id === userId);
  const isMaker = reset?.maker?.id === me.data?.id;
  const failure = start.error ?? decide.error;

  return (
    <Stack spacing={1.5}>
      <Typography variant="body2" color="text.secondary">
        For a member who cannot read their e-mail. Check who they are in person first; a second admin with Member
        Management approves, and the approval shows a one-time code (24 hours) that the member enters at /assisted-reset
        with a new password.
      </Typography>
      {failure && <Alert severity="error">{getErrorMessage(failure, 'The reset could not be saved')}</Alert>}
      {code && (
        <Alert severity="success" role="status">
          Give the member this one-time code: <strong aria-label="One-time code">{code}</strong>. It is shown only now
          and works for 24 hours.
        </Alert>
      )}
      {reset?.status === 'pending' && (
        <Stack spacing={1}>
          <Typography variant="body2">
            Waiting for a second admin since {formatAdminDateTime(reset.createdAt)}
            {reset.maker?.fullName ? `, started by ${reset.maker.fullName}` : ''}.
          </Typography>
          {isMaker ? (
            <Typography variant="body2" color="text.secondary">
              You started it, so another admin with Member Management must approve it.
            </Typography>
          ) : (
            <Stack direction="row" spacing={1}>
              <Button
                variant="contained"
                disabled={decide.isPending}
                onClick={() =>
                  decide.mutate(
                    { id: reset.id, decision: 'approve' },
                    { onSuccess: (answer) => setCode('code' in answer ? answer.code : null) },
                  )
                }
              >
                Approve and show the code
              </Button>
              <Button
                variant="outlined"
                color="error"
                disabled={decide.isPending}
                onClick={() => decide.mutate({ id: reset.id, decision: 'reject' })}
              >
                Refuse
              </Button>
            </Stack>
          )}
        </Stack>
      )}
      {reset?.status === 'approved' && !code && (
        <Typography variant="body2">
          Approved: the member has a one-time code until {formatAdminDateTime(reset.expiresAt)}.
        </Typography>
      )}
      {!reset && !code && (
        <Button
          variant="outlined"
          sx={{ alignSelf: 'flex-start' }}
          disabled={start.isPending || resets.isPending}
          onClick={() => start.mutate(userId)}
        >
          {start.isPending ? 'Starting…' : 'Start assisted password reset'}
        </Button>
      )}
    </Stack>
  );
}
