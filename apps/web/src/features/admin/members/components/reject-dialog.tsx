import { reviewMessages, type RejectKinBody, type RejectKycBody } from '@letsema/domain';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import type { ReviewTarget } from '../api';
import { checkRejection, getRejectTitle, type RejectOption } from '../review-rules';

/**
 * Returns part of a registration to the member: a reason and the items to redo. Confirm stays
 * disabled until both are given.
 */
export function RejectDialog({
  target,
  options,
  isOpen,
  isPending,
  errorMessage,
  onClose,
  onConfirm,
}: {
  target: ReviewTarget;
  options: readonly RejectOption[];
  isOpen: boolean;
  isPending: boolean;
  errorMessage: string | null;
  onClose: () => void;
  onConfirm: (body: RejectKycBody | RejectKinBody) => void;
}) {
  const [reason, setReason] = useState('');
  const [fields, setFields] = useState<string[]>([]);
  const titleId = useId();
  const fieldsLabelId = useId();
  const check = checkRejection(target, reason, fields);
  const title = getRejectTitle(target);

  const toggle = (field: string) =>
    setFields((current) => (current.includes(field) ? current.filter((f) => f !== field) : [...current, field]));

  return (
    <Dialog
      open={isOpen}
      onClose={isPending ? undefined : onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="sm"
      slotProps={{
        paper: { sx: { m: { xs: 2, sm: 4 }, width: { xs: 'calc(100% - 32px)', sm: undefined } } },
        transition: {
          onExited: () => {
            setReason('');
            setFields([]);
          },
        },
      }}
    >
      <DialogTitle id={titleId} sx={{ fontWeight: 700 }}>
        {title}
      </DialogTitle>
      <DialogContent>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          The member is told the reason and asked to redo the selected items. Selected documents are removed.
        </Typography>
        {errorMessage && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {errorMessage}
          </Alert>
        )}
        <TextField
          label="Reason for rejection"
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          multiline
          minRows={3}
          disabled={isPending}
          autoFocus
          slotProps={{ htmlInput: { maxLength: 1200 } }}
          error={!check.isValid && check.message === reviewMessages.reasonTooLong}
          helperText={!check.isValid && check.message === reviewMessages.reasonTooLong ? check.message : undefined}
        />
        <FormLabel id={fieldsLabelId} component="p" sx={{ mt: 2.5, mb: 0.5, fontWeight: 600, color: 'text.primary' }}>
          Items to redo
        </FormLabel>
        <FormGroup aria-labelledby={fieldsLabelId}>
          {options.map((option) => (
            <FormControlLabel
              key={option.field}
              label={option.label}
              control={
                <Checkbox
                  checked={fields.includes(option.field)}
                  onChange={() => toggle(option.field)}
                  disabled={isPending}
                />
              }
            />
          ))}
        </FormGroup>
        {!check.isValid && check.message !== reviewMessages.reasonTooLong && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
            {reviewMessages.reasonAndField}
          </Typography>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5, gap: 1 }}>
        <Button onClick={onClose} disabled={isPending} color="inherit">
          Cancel
        </Button>
        <Button
          variant="contained"
          color="error"
          disabled={!check.isValid || isPending}
          onClick={() => check.isValid && onConfirm(check.body)}
          startIcon={isPending ? <CircularProgress size={16} color="inherit" /> : undefined}
        >
          {isPending ? 'Rejecting…' : 'Confirm'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
