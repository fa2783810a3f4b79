import { correctionFields, correctionMessages, type CorrectionField } from '@letsema/domain';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { ActionDialog } from '../../components/action-dialog';
import { getErrorMessage } from '../../lib/api-client';
import { formatAdminDate } from '../../lib/formatters';
import { useSuccessMessage } from '../../lib/use-success-message';
import { useMyCorrections, useRequestCorrection } from './api';
import { TextInput } from '../../components/text-input';
import { SelectInput } from '../../components/select-input';

const STATUS = {
  pending: { label: 'Waiting', color: 'warning' },
  resolved: { label: 'Corrected', color: 'success' },
  declined: { label: 'Not changed', color: 'default' },
} as const;

/** The member asks for a correction of what is held about them, and sees the answers (POPIA section 24). */
export function CorrectionsSection() {
  const corrections = useMyCorrections();
  const success = useSuccessMessage();
  const [isOpen, setIsOpen] = useState(false);
  return (
    <Paper component="section" aria-labelledby="corrections" sx={{ p: { xs: 2.5, sm: 3 }, mt: 3 }}>
      <Typography id="corrections" variant="h4" component="h2" sx={{ mb: 1 }}>
        Corrections
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        If something we hold about you is wrong, tell us what it should be. An admin checks it and answers you.
      </Typography>
      {success.message && (
        <Alert severity="success" role="status" sx={{ mb: 2 }}>
          {success.message}
        </Alert>
      )}
      <Button variant="outlined" onClick={() => setIsOpen(true)} sx={{ width: { xs: '100%', sm: 'auto' } }}>
        Ask for a correction
      </Button>
      {corrections.data && corrections.data.length > 0 && (
        <Stack
          component="ul"
          aria-label="Your correction requests"
          spacing={1.5}
          sx={{ listStyle: 'none', p: 0, mt: 2.5, mb: 0 }}
        >
          {corrections.data.map((request) => (
            <Box component="li" key={request.id} sx={{ borderTop: 1, borderColor: 'divider', pt: 1.5 }}>
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
                <Typography sx={{ fontWeight: 600 }}>{correctionFields[request.field]}</Typography>
                <Chip
                  size="small"
                  variant="outlined"
                  label={STATUS[request.status].label}
                  color={STATUS[request.status].color}
                />
                <Typography variant="body2" color="text.secondary">
                  {formatAdminDate(request.createdAt)}
                </Typography>
              </Box>
              <Typography variant="body2" sx={{ mt: 0.5, overflowWrap: 'anywhere' }}>
                {request.message}
              </Typography>
              {request.reply && (
                <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5, overflowWrap: 'anywhere' }}>
                  Answer: {request.reply}
                </Typography>
              )}
            </Box>
          ))}
        </Stack>
      )}
      <CorrectionDialog
        isOpen={isOpen}
        onClose={() => setIsOpen(false)}
        onSent={() => {
          setIsOpen(false);
          success.show('Your request was sent. We will let you know the answer.');
        }}
      />
    </Paper>
  );
}

function CorrectionDialog({ isOpen, onClose, onSent }: { isOpen: boolean; onClose: () => void; onSent: () => void }) {
  const send = useRequestCorrection();
  const [field, setField] = useState<CorrectionField | ''>('');
  const [message, setMessage] = useState('');
  const [errors, setErrors] = useState<{ field?: string; message?: string }>({});

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // The rules (zod and the server's schema) are fetched when the member first sends, not with the page.
    const { correctionRequestBody } = await import('./form-rules');
    const parsed = correctionRequestBody.safeParse({ field: field || undefined, message });
    if (!parsed.success) {
      const found: { field?: string; message?: string } = {};
      for (const issue of parsed.error.issues) found[issue.path[0] as 'field' | 'message'] ??= issue.message;
      setErrors(found);
      return;
    }
    setErrors({});
    send.mutate(parsed.data, { onSuccess: onSent });
  };

  return (
    <ActionDialog
      isOpen={isOpen}
      title="Ask for a correction"
      subtitle="Say what is wrong and what it should be."
      isPending={send.isPending}
      onClose={onClose}
      onExited={() => {
        setField('');
        setMessage('');
        setErrors({});
        send.reset();
      }}
    >
      <form noValidate onSubmit={(event) => void submit(event)}>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {send.error && <Alert severity="error">{getErrorMessage(send.error, 'Your request was not sent')}</Alert>}
            <SelectInput
              label="What is wrong"
              value={field}
              onChange={(event) => setField(event.target.value as CorrectionField)}
              error={Boolean(errors.field)}
              helperText={errors.field ?? ' '}
              disabled={send.isPending}
            >
              <option value="" disabled>
                Choose what is wrong
              </option>
              {Object.entries(correctionFields).map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </SelectInput>
            <TextInput
              label="What it should be"
              multiline
              minRows={3}
              value={message}
              onChange={(event) => setMessage(event.target.value)}
              error={Boolean(errors.message)}
              helperText={errors.message ?? correctionMessages.message}
              slotProps={{ htmlInput: { maxLength: 1000 } }}
              disabled={send.isPending}
            />
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2.5 }}>
          <Button onClick={onClose} disabled={send.isPending}>
            Cancel
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={send.isPending}
            startIcon={send.isPending ? <CircularProgress size={18} color="inherit" /> : undefined}
          >
            {send.isPending ? 'Sending…' : 'Send request'}
          </Button>
        </DialogActions>
      </form>
    </ActionDialog>
  );
}
