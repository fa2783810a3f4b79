import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import { ActionDialog, ActionDialogButtons } from '../../../../components/action-dialog';
import type { ReviewTarget } from '../api';
import { getTargetName } from '../review-rules';

/** Asks the admin to confirm an approval before it is sent. */
export function ApproveDialog({
  target,
  memberName,
  isOpen,
  isPending,
  onClose,
  onConfirm,
}: {
  target: ReviewTarget;
  memberName: string;
  isOpen: boolean;
  isPending: boolean;
  onClose: () => void;
  onConfirm: () => void;
}) {
  const text =
    target === 'kyc'
      ? `${memberName}'s registration will be approved and their account activated. They will be told by e-mail.`
      : `Next of kin #${target} of ${memberName} will be marked as verified.`;
  return (
    <ActionDialog
      isOpen={isOpen}
      title={`Approve ${getTargetName(target)}?`}
      isPending={isPending}
      maxWidth="xs"
      onClose={onClose}
    >
      <DialogContent>
        <DialogContentText>{text}</DialogContentText>
      </DialogContent>
      <ActionDialogButtons
        label="Approve"
        pendingLabel="Approving…"
        isPending={isPending}
        color="success"
        onCancel={onClose}
        onConfirm={onConfirm}
      />
    </ActionDialog>
  );
}
