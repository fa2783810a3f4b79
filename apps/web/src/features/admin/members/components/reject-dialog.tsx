import { reviewMessages, type RejectKinBody, type RejectKycBody } from '@letsema/domain';
import Alert from '@mui/material/Alert';
import Checkbox from '@mui/material/Checkbox';
import DialogContent from '@mui/material/DialogContent';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { ActionDialog, ActionDialogButtons } from '../../../../components/action-dialog';
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
  const fieldsLabelId = useId();
  const check = checkRejection(target, reason, fields);
  const title = getRejectTitle(target);

  const toggle = (field: string) =>
    setFields((current) => (current.includes(field) ? current.filter((f) => f !== field) : [...current, field]));

  return (
    <ActionDialog
      isOpen={isOpen}
      title={title}
      isPending={isPending}
      onClose={onClose}
      onExited={() => {
        setReason('');
        setFields([]);
      }}
    >
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
      <ActionDialogButtons
        label="Confirm"
        pendingLabel="Rejecting…"
        isPending={isPending}
        isDisabled={!check.isValid}
        color="error"
        onCancel={onClose}
        onConfirm={() => check.isValid && onConfirm(check.body)}
      />
    </ActionDialog>
  );
}
