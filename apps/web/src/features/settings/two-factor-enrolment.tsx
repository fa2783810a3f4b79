import { twoFactorMessages } from '@letsema/domain';
import ContentCopy from '@mui/icons-material/ContentCopy';
import Download from '@mui/icons-material/Download';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { getErrorMessage } from '../../lib/api-client';
import { saveBlob } from '../../lib/save-blob';
import { useEnableMfa, useStartMfaSetup } from './api';
import { TextInput } from '../../components/text-input';

/**
 * Turns on two-factor sign-in: a QR code (and the secret as text, for typing in), a first code to
 * prove the app has it, then the ten recovery codes, shown this once.
 */
export function TwoFactorEnrolment({
  onDone,
  onStart,
  startLabel = 'Turn on',
}: {
  onDone: () => void;
  onStart?: () => void;
  startLabel?: string;
}) {
  const setup = useStartMfaSetup();
  const enable = useEnableMfa();
  const [code, setCode] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);

  if (enable.data) return <RecoveryCodes codes={enable.data.recoveryCodes} onDone={onDone} />;

  if (!setup.data) {
    return (
      <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
        {setup.error && (
          <Alert severity="error" sx={{ alignSelf: 'stretch' }}>
            {getErrorMessage(setup.error, 'Two-factor set-up could not start')}
          </Alert>
        )}
        <Button
          variant="contained"
          onClick={() => {
            onStart?.();
            setup.mutate();
          }}
          disabled={setup.isPending}
          startIcon={setup.isPending ? <CircularProgress size={18} color="inherit" /> : undefined}
          sx={{ width: { xs: '100%', sm: 'auto' } }}
        >
          {setup.isPending ? 'Starting…' : startLabel}
        </Button>
      </Stack>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const digits = code.replace(/\s+/g, '');
    if (!/^\d{6}$/.test(digits)) {
      setFieldError(twoFactorMessages.codeRequired);
      return;
    }
    setFieldError(null);
    enable.mutate({ code: digits });
  };

  return (
    <Stack component="form" noValidate onSubmit={submit} spacing={2.5}>
      <Typography>
        1. Open an authenticator app on your phone (Google Authenticator, Microsoft Authenticator or any other) and scan
        this code.
      </Typography>
      <Box
        component="img"
        src={setup.data.qrDataUrl}
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
          sx={{ fontFamily: 'monospace', fontSize: '1.05rem', letterSpacing: 1, overflowWrap: 'anywhere', mt: 0.5 }}
        >
          {setup.data.secret.replace(/(.{4})/g, '$1 ').trim()}
        </Typography>
      </Box>
      <Typography>2. Enter the 6-digit code the app shows for Letsema.</Typography>
      {enable.error && (
        <Alert severity="error">{getErrorMessage(enable.error, 'Two-factor sign-in was not turned on')}</Alert>
      )}
      <TextInput
        label="Code from the app"
        value={code}
        onChange={(event) => setCode(event.target.value)}
        autoComplete="one-time-code"
        slotProps={{ htmlInput: { inputMode: 'numeric', pattern: '[0-9]*', maxLength: 7 } }}
        error={fieldError !== null}
        helperText={fieldError ?? ' '}
        disabled={enable.isPending}
      />
      <Box>
        <Button
          type="submit"
          variant="contained"
          disabled={enable.isPending}
          startIcon={enable.isPending ? <CircularProgress size={18} color="inherit" /> : undefined}
          sx={{ width: { xs: '100%', sm: 'auto' } }}
        >
          {enable.isPending ? 'Checking…' : 'Confirm and turn on'}
        </Button>
      </Box>
    </Stack>
  );
}

/** The recovery codes, shown once: copy or download them, and say they are kept before going on. */
export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const [isSaved, setIsSaved] = useState(false);
  const [copied, setCopied] = useState(false);
  const text = `Letsema recovery codes\nEach code signs you in once if you lose your phone.\n\n${codes.join('\n')}\n`;

  const download = () => saveBlob(new Blob([text], { type: 'text/plain' }), 'letsema-recovery-codes.txt');

  return (
    <Stack spacing={2.5}>
      <Alert severity="success" role="status">
        Two-factor sign-in is on. Save these recovery codes now: they are shown only this once. Each one signs you in
        once if you lose your phone.
      </Alert>
      <Box
        component="ol"
        aria-label="Recovery codes"
        sx={{
          m: 0,
          p: 2,
          pl: 5,
          bgcolor: 'background.default',
          borderRadius: 2,
          fontFamily: 'monospace',
          fontSize: '1.05rem',
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' },
          columnGap: 5,
          rowGap: 0.5,
        }}
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </Box>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
        <Button
          variant="outlined"
          startIcon={<ContentCopy />}
          onClick={() =>
            void navigator.clipboard?.writeText(codes.join('\n')).then(
              () => setCopied(true),
              () => setCopied(false),
            )
          }
        >
          {copied ? 'Copied' : 'Copy codes'}
        </Button>
        <Button variant="outlined" startIcon={<Download />} onClick={download}>
          Download as a file
        </Button>
      </Stack>
      <FormControlLabel
        control={<Checkbox checked={isSaved} onChange={(event) => setIsSaved(event.target.checked)} />}
        label="I have saved my recovery codes somewhere safe"
      />
      <Box>
        <Button variant="contained" disabled={!isSaved} onClick={onDone} sx={{ width: { xs: '100%', sm: 'auto' } }}>
          Done
        </Button>
      </Box>
    </Stack>
  );
}
