import { zodResolver } from '@hookform/resolvers/zod';
import { acceptStaffInvitationBody, staffMessages, twoFactorMessages } from '@letsema/domain';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMemo, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link as RouterLink, useNavigate } from 'react-router';
import type { z } from 'zod';
import { CenteredPage } from '../../components/centered-page';
import { FormPasswordField } from '../../components/form-password-field';
import { FormTextField } from '../../components/form-text-field';
import { PasswordStrengthMeter } from '../../components/password-strength-meter';
import { ApiError, getErrorMessage } from '../../lib/api-client';
import { withStrongPassword } from '../../lib/password-strength';
import { useAcceptStaffInvitation, useStaffInvitation, type StaffInvitation } from './api';
import { RecoveryCodes } from './two-factor-enrolment';

const formSchema = acceptStaffInvitationBody.omit({ token: true });
type AcceptValues = z.input<typeof formSchema>;
type AcceptResult = z.output<typeof formSchema>;

/** The token of the link, read once and taken out of the address bar (and so out of the history). */
function useLinkToken(): string | null {
  const token = useRef<string | null | undefined>(undefined);
  if (token.current === undefined) {
    token.current = new URLSearchParams(window.location.search).get('token');
    window.history.replaceState(window.history.state, '', window.location.pathname);
  }
  return token.current;
}

/**
 * Where the link in an admin invitation leads: the invitee chooses their own password and, while
 * the cooperative requires it, sets up two-factor sign-in, then is signed in.
 */
export function StaffInvitationPage() {
  const token = useLinkToken();
  const invitation = useStaffInvitation(token);
  const navigate = useNavigate();
  const [codes, setCodes] = useState<string[] | null>(null);
  const done = () => void navigate('/admin', { replace: true });

  const failure = !token
    ? staffMessages.invitationInvalid
    : invitation.isError
      ? getErrorMessage(invitation.error, staffMessages.invitationInvalid)
      : null;

  return (
    <CenteredPage
      title="Join Letsema as an admin"
      subtitle="Choose your own password. Nobody else knows it, and nobody else can set it."
    >
      {failure && (
        <Stack spacing={2.5}>
          <Alert severity="error">{failure}</Alert>
          <Button component={RouterLink} to="/login" variant="contained" size="large" fullWidth replace>
            Sign in
          </Button>
        </Stack>
      )}
      {!failure && invitation.isPending && (
        <Box role="status" sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 2, py: 2 }}>
          <CircularProgress aria-hidden />
          <Typography color="text.secondary">Opening your invitation…</Typography>
        </Box>
      )}
      {codes && <RecoveryCodes codes={codes} onDone={done} />}
      {!codes && invitation.data && token && (
        <AcceptForm
          token={token}
          invitation={invitation.data}
          onAccepted={(recoveryCodes) => (recoveryCodes.length ? setCodes(recoveryCodes) : done())}
        />
      )}
    </CenteredPage>
  );
}

function AcceptForm({
  token,
  invitation,
  onAccepted,
}: {
  token: string;
  invitation: StaffInvitation;
  onAccepted: (recoveryCodes: string[]) => void;
}) {
  const accept = useAcceptStaffInvitation();
  const [failure, setFailure] = useState<string | null>(null);
  const schema = useMemo(
    () =>
      withStrongPassword(
        invitation.mfaRequired
          ? formSchema.refine((values) => Boolean(values.code && /^\d{6}$/.test(values.code)), {
              error: twoFactorMessages.codeRequired,
              path: ['code'],
            })
          : formSchema,
        'password',
        () => [invitation.email, invitation.fullName],
      ),
    [invitation],
  );
  const { control, handleSubmit, setError } = useForm<AcceptValues, unknown, AcceptResult>({
    resolver: zodResolver(schema),
    defaultValues: { password: '', code: '' },
  });

  const submit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      const answer = await accept.mutateAsync({
        token,
        password: values.password,
        ...(values.code ? { code: values.code } : {}),
      });
      onAccepted(answer.recoveryCodes);
    } catch (error) {
      const details = error instanceof ApiError ? error.details : undefined;
      for (const field of ['password', 'code'] as const) {
        const message = details?.[field];
        if (typeof message === 'string') setError(field, { message });
      }
      setFailure(getErrorMessage(error, 'The invitation could not be accepted'));
    }
  });

  const setup = invitation.mfaSetup;
  return (
    <Stack component="form" noValidate onSubmit={submit} spacing={2.5}>
      {/* A long address wraps on a phone instead of widening the page. */}
      <Typography sx={{ overflowWrap: 'anywhere' }}>
        Welcome{invitation.fullName ? `, ${invitation.fullName}` : ''}. You sign in as{' '}
        <strong>{invitation.email}</strong>.
      </Typography>
      {failure && <Alert severity="error">{failure}</Alert>}
      <FormPasswordField
        control={control}
        name="password"
        label="Your password"
        autoComplete="new-password"
        disabled={accept.isPending}
        required
      />
      <PasswordStrengthMeter
        control={control}
        name="password"
        userInputs={[invitation.email, invitation.fullName ?? '']}
      />
      {setup && (
        <>
          <Typography>
            Two-factor sign-in is required for admins. Open an authenticator app on your phone (Google Authenticator,
            Microsoft Authenticator or any other) and scan this code.
          </Typography>
          <Box
            component="img"
            src={setup.qrDataUrl}
            alt="QR code to add Letsema to your authenticator app"
            width={200}
            height={200}
            sx={{ alignSelf: 'center', border: 1, borderColor: 'divider', borderRadius: 2 }}
          />
          <Box>
            <Typography variant="body2" color="text.secondary">
              Cannot scan it? Type this key into the app instead:
            </Typography>
            <Typography
              data-testid="two-factor-secret"
              sx={{ fontFamily: 'monospace', fontSize: '1.05rem', letterSpacing: 1, overflowWrap: 'anywhere' }}
            >
              {setup.secret.replace(/(.{4})/g, '$1 ').trim()}
            </Typography>
          </Box>
          <FormTextField
            control={control}
            name="code"
            label="Code from the app"
            autoComplete="one-time-code"
            disabled={accept.isPending}
            required
            slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 7 } }}
          />
        </>
      )}
      <Button
        type="submit"
        variant="contained"
        size="large"
        disabled={accept.isPending}
        startIcon={accept.isPending ? <CircularProgress size={18} color="inherit" /> : undefined}
      >
        {accept.isPending ? 'Saving…' : 'Accept and sign in'}
      </Button>
    </Stack>
  );
}
