import { zodResolver } from '@hookform/resolvers/zod';
import { adminRoles, updateStaffBody, type UpdateStaffBody } from '@letsema/domain';
import Alert from '@mui/material/Alert';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { ActionDialog } from '../../../../components/action-dialog';
import { FormPasswordField } from '../../../../components/form-password-field';
import { PasswordStrengthMeter } from '../../../../components/password-strength-meter';
import { withStrongPassword } from '../../../../lib/password-strength';
import { getErrorMessage } from '../../../../lib/api-client';
import { isReauthRequired, useUpdateStaff, type StaffMember } from '../api';
import type { StaffActor } from '../staff-display';
import { ConfirmPasswordDialog } from './confirm-password-dialog';
import { getEditableRoles } from '../staff-display';
import { applyStaffFieldErrors } from '../staff-form';
import { RoleCheckboxes } from './role-checkboxes';
import { StaffFormBody, StaffNameField, StaffPhoneField } from './staff-dialog';

type EditStaffInput = z.input<typeof updateStaffBody>;

const editStaffFields = ['fullName', 'phoneNumber', 'password', 'roles'] as const;
const SUPER_ADMIN_ROLES_NOTE = 'The super admin holds every role; its roles cannot be changed.';
const OWN_ROLES_NOTE = 'You cannot change your own roles. Ask another admin with Staff Management to do it.';

/** The form's starting values: the admin as listed, with a blank password (which keeps the current one). */
export function toEditStaffValues(staff: StaffMember): EditStaffInput {
  return {
    fullName: staff.fullName ?? '',
    phoneNumber: staff.phoneNumber ?? '',
    password: '',
    roles: staff.isSuperAdmin ? [...adminRoles] : getEditableRoles(staff.adminRoles),
  };
}

/**
 * Edits an admin's name, phone, roles and, when one is typed, password. The e-mail is shown but
 * cannot be changed. `staff` stays set while the dialog closes, so its content does not vanish.
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
    resolver: zodResolver(withStrongPassword(updateStaffBody, 'password', (values) => [staff.email, values.fullName])),
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
        <>
          <FormPasswordField
            control={control}
            name="password"
            label="New password"
            autoComplete="new-password"
            disabled={isPending}
            helperText="Leave blank to keep the current password. A new one needs at least 8 characters."
          />
          <PasswordStrengthMeter control={control} name="password" userInputs={[staff.email]} />
        </>
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
