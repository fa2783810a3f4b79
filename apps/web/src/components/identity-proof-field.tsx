import { reauthMessages } from '@letsema/domain';
import Alert from '@mui/material/Alert';
import type { IdentityProofKind } from '../lib/payout-account';
import { TextInput } from './text-input';

/**
 * The member's password (or authenticator code) typed again before a payout request or a change of
 * the payout account: a stolen session alone cannot move their money.
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
  if (kind === 'none') return <Alert severity="warning">{reauthMessages.noPassword}</Alert>;
  const isCode = kind === 'code';
  return (
    <TextInput
      label={isCode ? 'Code from your authenticator app, to confirm it is you' : 'Your password, to confirm it is you'}
      type={isCode ? 'text' : 'password'}
      autoComplete={isCode ? 'one-time-code' : 'current-password'}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      required
      error={Boolean(error)}
      helperText={error ?? ' '}
      slotProps={{ htmlInput: { maxLength: isCode ? 40 : 256, ...(isCode ? { inputMode: 'numeric' } : {}) } }}
    />
  );
}
