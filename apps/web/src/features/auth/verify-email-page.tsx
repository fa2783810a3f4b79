import { emailVerificationMessages } from '@letsema/domain';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { CenteredPage } from '../../components/centered-page';
import { getErrorMessage } from '../../lib/api-client';
import { hasSession } from '../../lib/session';
import { useVerifyEmail } from './api';

/** Where the link in the verification e-mail leads: it confirms the address, signed in or not. */
export function VerifyEmailPage() {
  const verify = useVerifyEmail();
  const [missing, setMissing] = useState(false);
  // The link is used once per visit (React runs effects twice in development).
  const hasStarted = useRef(false);
  const { mutate } = verify;

  useEffect(() => {
    if (hasStarted.current) return;
    hasStarted.current = true;
    const token = new URLSearchParams(window.location.search).get('token');
    // The token does not belong in the history.
    window.history.replaceState(window.history.state, '', window.location.pathname);
    if (!token) setMissing(true);
    else mutate(token);
  }, [mutate]);

  const failure = missing
    ? emailVerificationMessages.invalid
    : verify.isError
      ? getErrorMessage(verify.error, emailVerificationMessages.invalid)
      : null;
  const next = hasSession() ? { to: '/', label: 'Continue to Letsema' } : { to: '/login', label: 'Sign in' };

  return (
    <CenteredPage
      title="Confirm your e-mail"
      subtitle="Letsema uses your e-mail address to reach you and to recover your account."
    >
      {verify.isSuccess && (
        <Stack spacing={2.5}>
          <Alert severity="success" role="status">
            {emailVerificationMessages.verified}
          </Alert>
          <Button component={RouterLink} to={next.to} variant="contained" size="large" fullWidth replace>
            {next.label}
          </Button>
        </Stack>
      )}
      {failure && (
        <Stack spacing={2.5}>
          <Alert severity="error">{failure}</Alert>
          <Button component={RouterLink} to={next.to} variant="contained" size="large" fullWidth replace>
            {next.label}
          </Button>
        </Stack>
      )}
      {!verify.isSuccess && !failure && (
        <Box role="status" sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 2, py: 2 }}>
          <CircularProgress aria-hidden />
          <Typography color="text.secondary">Confirming your e-mail address…</Typography>
        </Box>
      )}
    </CenteredPage>
  );
}
