import { isSecondFactorCode, twoFactorMessages } from '@letsema/domain';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { TextInput } from '../../components/text-input';
import { useState, type FormEvent } from 'react';
import { SubmitButton } from '../../components/submit-button';
import { getErrorMessage } from '../../lib/api-client';
import type { CurrentUser } from '../../lib/current-user';
import { useLoginWithCode } from './api';

/** Answers after which the challenge is over: the member must start the sign-in again. */
const ENDED = new Set<string>([twoFactorMessages.challengeEnded, twoFactorMessages.tooManyCodes]);

/** The second step of a sign-in: the code from the authenticator app, or a recovery code. */
export function SecondFactorForm({
  challenge,
  onSignedIn,
  onRestart,
}: {
  challenge: string;
  onSignedIn: (user: CurrentUser) => void;
  onRestart: () => void;
}) {
  const loginWithCode = useLoginWithCode();
  const [code, setCode] = useState('');
  const [usesRecoveryCode, setUsesRecoveryCode] = useState(false);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const failure = loginWithCode.error ? getErrorMessage(loginWithCode.error, 'Sign-in failed') : null;
  const isEnded = failure !== null && ENDED.has(failure);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const typed = code.trim();
    if (!typed || !isSecondFactorCode(typed)) {
      setFieldError(typed ? twoFactorMessages.codeFormat : twoFactorMessages.codeRequired);
      return;
    }
    setFieldError(null);
    loginWithCode.mutate({ challenge, code: typed }, { onSuccess: onSignedIn, onError: () => setCode('') });
  };

  if (isEnded) {
    return (
      <Stack spacing={2.5}>
        <Alert severity="error">{failure}</Alert>
        <Button variant="contained" size="large" fullWidth onClick={onRestart}>
          Sign in again
        </Button>
      </Stack>
    );
  }

  return (
    <Stack component="form" noValidate onSubmit={submit} spacing={2.5}>
      {failure && <Alert severity="error">{failure}</Alert>}
      <TextInput
        key={usesRecoveryCode ? 'recovery' : 'app'}
        label={usesRecoveryCode ? 'Recovery code' : 'Authentication code'}
        value={code}
        onChange={(event) => setCode(event.target.value)}
        autoFocus
        autoComplete={usesRecoveryCode ? 'off' : 'one-time-code'}
        slotProps={{
          htmlInput: usesRecoveryCode
            ? { maxLength: 40, autoCapitalize: 'none', spellCheck: false }
            : { inputMode: 'numeric', pattern: '[0-9]*', maxLength: 7 },
        }}
        error={fieldError !== null}
        helperText={
          fieldError ??
          (usesRecoveryCode
            ? 'One of the ten codes you saved when you turned on two-factor sign-in.'
            : 'The 6-digit code your authenticator app shows for Letsema.')
        }
        disabled={loginWithCode.isPending}
      />
      <SubmitButton label="Verify" pendingLabel="Verifying…" isPending={loginWithCode.isPending} />
      <Button
        variant="text"
        onClick={() => {
          setUsesRecoveryCode((value) => !value);
          setCode('');
          setFieldError(null);
          loginWithCode.reset();
        }}
        disabled={loginWithCode.isPending}
      >
        {usesRecoveryCode ? 'Use the code from your app instead' : 'Use a recovery code instead'}
      </Button>
    </Stack>
  );
}
