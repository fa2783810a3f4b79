import { emailedCodeMessages } from '@letsema/domain';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { getErrorMessage } from '../lib/api-client';
import { sendEmailedCode, type IdentityProofKind } from '../lib/payout-account';
import { TextInput } from './text-input';

const labels: Record<IdentityProofKind, string> = {
  password: 'Your password, to confirm it is you',
  code: 'Code from your authenticator app, to confirm it is you',
  email: 'Code we e-mailed you, to confirm it is you',
};

/**
 * The member's password (or authenticator code, or a code e-mailed to them) typed again before a
 * payout request or a change of the payout account: a stolen session alone cannot move their money.
 */
export function IdentityProofField({
  kind,
  value,
  onChange,
  error,
}: {
  kind: IdentityProofKind;
  value: string;
  onChange: (value: string) => void;
  error?: string | null;
}) {
  const [sent, setSent] = useState<{ ok: boolean; text: string } | null>(null);
  const [isSending, setIsSending] = useState(false);
  const isPassword = kind === 'password';
  const field = (
    <TextInput
      label={labels[kind]}
      type={isPassword ? 'password' : 'text'}
      autoComplete={isPassword ? 'current-password' : 'one-time-code'}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      required
      error={Boolean(error)}
      helperText={error ?? ' '}
      slotProps={{ htmlInput: { maxLength: isPassword ? 256 : 40, ...(isPassword ? {} : { inputMode: 'numeric' }) } }}
    />
  );
  if (kind !== 'email') return field;
  return (
    <Box sx={{ display: 'grid', gap: 1 }}>
      <Box>
        <Button
          variant="outlined"
          disabled={isSending}
          onClick={() => {
            setIsSending(true);
            sendEmailedCode()
              .then(() => setSent({ ok: true, text: emailedCodeMessages.sent }))
              .catch((failure: unknown) =>
                setSent({ ok: false, text: getErrorMessage(failure, 'The code could not be sent') }),
              )
              .finally(() => setIsSending(false));
          }}
        >
          {isSending ? 'Sending…' : 'E-mail me a code'}
        </Button>
      </Box>
      {sent && (
        <Alert severity={sent.ok ? 'info' : 'error'} role="status">
          {sent.text}
        </Alert>
      )}
      {field}
    </Box>
  );
}
