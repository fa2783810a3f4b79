import { zodResolver } from '@hookform/resolvers/zod';
import { adminRoles, staffMessages, updateStaffBody, type UpdateStaffBody } from '@letsema/domain';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { ActionDialog } from '../../../../components/action-dialog';
import { getErrorMessage } from '../../../../lib/api-client';
import { isReauthRequired, useSendStaffPasswordReset, useUpdateStaff, type StaffMember } from '../api';
import type { StaffActor } from '../staff-display';
import { ConfirmPasswordDialog } from './confirm-password-dialog';
import { getEditableRoles } from '../staff-display';
import { applyStaffFieldErrors } from '../staff-form';
import { RoleCheckboxes } from './role-checkboxes';
import { StaffFormBody, StaffNameField, StaffPhoneField } from './staff-dialog';

type EditStaffInput = z.input<typeof updateStaffBody>;

const editStaffFields = ['fullName', 'phoneNumber', 'roles'] as const;
const SUPER_ADMIN_ROLES_NOTE = 'The super admin holds every role; its roles cannot be changed.';
const OWN_ROLES_NOTE = 'You cannot change your own roles. Ask another admin with Staff Management to do it.';

/** The form's starting values: the admin as listed. */
export function toEditStaffValues(staff: StaffMember): EditStaffInput {
  return {
    fullName: staff.fullName ?? '',
    phoneNumber: staff.phoneNumber ?? '',
    roles: staff.isSuperAdmin ? [...adminRoles] : getEditableRoles(staff.adminRoles),
  };
}

/**
 * Edits an admin's name, phone and roles, and can e-mail them a password-reset link (nobody sets
 * another admin's password). The e-mail is shown but cannot be changed. `staff` stays set while the dialog closes, so its content does not vanish.
 */
export function EditStaffDialog({
  staff,
  actor,
  isOpen,
  onClose,
  onUpdated,
}: {
  staff: StaffMember | null;
  actor: StaffActor;
  isOpen: boolean;
  onClose: () => void;
  onUpdated: () => void;
}) {
  const update = useUpdateStaff();
  // A change the server wants confirmed with the acting admin's password waits here meanwhile.
  const [awaitingPassword, setAwaitingPassword] = useState<UpdateStaffBody | null>(null);
  const save = async (body: UpdateStaffBody) => {
    await update.mutateAsync({ id: staff!.id, body });
    onUpdated();
  };
  return (
    <>
      <ActionDialog
        isOpen={isOpen && staff !== null}
        title="Edit Admin User"
        subtitle="Change their details and roles. A new role applies from their next page."
        isPending={update.isPending}
        onClose={onClose}
        onExited={update.reset}
      >
        {staff && (
          <EditStaffForm
            key={staff.id}
            staff={staff}
            isPending={update.isPending}
            onCancel={onClose}
            isSelf={staff.id === actor.id}
            isSuperAdminActing={actor.isSuperAdmin}
            onSubmit={async (body) => {
              try {
                await save(body);
              } catch (error) {
                if (!isReauthRequired(error)) throw error;
                setAwaitingPassword(body);
              }
            }}
          />
        )}
      </ActionDialog>
      <ConfirmPasswordDialog
        isOpen={awaitingPassword !== null}
        onCancel={() => setAwaitingPassword(null)}
        onConfirmed={async () => {
          await save(awaitingPassword!);
          setAwaitingPassword(null);
        }}
      />
    </>
  );
}

function EditStaffForm({
  staff,
  isPending,
  isSelf,
  isSuperAdminActing,
  onCancel,
  onSubmit,
}: {
  isSelf: boolean;
  isSuperAdminActing: boolean;
  staff: StaffMember;
  isPending: boolean;
  onCancel: () => void;
  onSubmit: (body: UpdateStaffBody) => Promise<void>;
}) {
  const [failure, setFailure] = useState<string | null>(null);
  const { control, handleSubmit, setError } = useForm<EditStaffInput, unknown, UpdateStaffBody>({
    resolver: zodResolver(updateStaffBody),
    defaultValues: toEditStaffValues(staff),
  });

  const submit = handleSubmit(async (body) => {
    setFailure(null);
    try {
      await onSubmit(body);
    } catch (error) {
      applyStaffFieldErrors(error, setError, editStaffFields);
      setFailure(getErrorMessage(error, 'Failed to update admin user'));
    }
  });

  return (
    <StaffFormBody
      submitLabel="Save Changes"
      pendingLabel="Saving…"
      isPending={isPending}
      failure={failure}
      onCancel={onCancel}
      onSubmit={submit}
    >
      <StaffNameField control={control} disabled={isPending} />
      <TextField
        label="Email"
        value={staff.email}
        helperText="Email cannot be changed"
        slotProps={{ input: { readOnly: true }, htmlInput: { 'aria-readonly': true } }}
        sx={{ '& .MuiOutlinedInput-root': { bgcolor: 'rgba(118, 118, 128, 0.08)' } }}
      />
      <StaffPhoneField control={control} disabled={isPending} />
      {isSelf ? (
        <Alert severity="info">Change your own password in Settings.</Alert>
      ) : (
        staff.status === 'active' && <PasswordResetLink staff={staff} disabled={isPending} />
      )}
      <RoleCheckboxes
        control={control}
        disabled={isPending}
        lockedNote={staff.isSuperAdmin ? SUPER_ADMIN_ROLES_NOTE : isSelf ? OWN_ROLES_NOTE : undefined}
        lockedRoles={isSuperAdminActing ? [] : ['staff_management']}
      />
    </StaffFormBody>
  );
}

/** Sends the admin a link to choose a new password themselves; the acting admin never sees it. */
function PasswordResetLink({ staff, disabled }: { staff: StaffMember; disabled: boolean }) {
  const send = useSendStaffPasswordReset();
  return (
    <Stack spacing={1}>
      <Typography variant="body2" color="text.secondary">
        Forgotten password? Nobody sets another admin&apos;s password: e-mail them a link to choose a new one.
      </Typography>
      {send.isSuccess && (
        <Alert severity="success" role="status">
          {staffMessages.resetSent}
        </Alert>
      )}
      {send.error && <Alert severity="error">{getErrorMessage(send.error, 'The link could not be sent')}</Alert>}
      <Button
        variant="outlined"
        disabled={disabled || send.isPending || send.isSuccess}
        onClick={() => send.mutate(staff.id)}
        sx={{ alignSelf: 'flex-start' }}
      >
        {send.isPending ? 'Sending…' : 'E-mail a password-reset link'}
      </Button>
    </Stack>
  );
}
