import Alert from '@mui/material/Alert';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import { useId } from 'react';
import { ActionDialog, ActionDialogButtons } from '../../../../components/action-dialog';
import { getDisplayName } from '../../../../lib/formatters';
import type { StaffMember } from '../api';

/** Asks the admin to confirm a suspension, and says what it does, before it is sent. */
export function SuspendStaffDialog({
  staff,
  isOpen,
  isPending,
  failure,
  onClose,
  onExited,
  onConfirm,
}: {
  staff: StaffMember | null;
  isOpen: boolean;
  isPending: boolean;
  failure: string | null;
  onClose: () => void;
  onExited: () => void;
  onConfirm: () => void;
}) {
  const descriptionId = useId();
  const name = staff ? getDisplayName(staff) : '';
  return (
    <ActionDialog
      isOpen={isOpen && staff !== null}
      title="Suspend admin user?"
      isPending={isPending}
      maxWidth="xs"
      describedBy={descriptionId}
      onClose={onClose}
      onExited={onExited}
    >
      <DialogContent>
        {failure && (
          <Alert severity="error" sx={{ mb: 2 }} role="alert">
            {failure}
          </Alert>
        )}
        <DialogContentText id={descriptionId} sx={{ color: 'text.primary', overflowWrap: 'anywhere' }}>
          <strong>{name}</strong>
          {staff && name !== staff.email ? ` (${staff.email})` : ''} loses access to the admin workspace at once: they
          are signed out on their next click and cannot sign in again.
        </DialogContentText>
      </DialogContent>
      <ActionDialogButtons
        label="Suspend"
        pendingLabel="Suspending…"
        isPending={isPending}
        color="error"
        onCancel={onClose}
        onConfirm={onConfirm}
      />
    </ActionDialog>
  );
}
