import { zodResolver } from '@hookform/resolvers/zod';
import { createStaffBody, type CreateStaffBody } from '@letsema/domain';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { ActionDialog } from '../../../../components/action-dialog';
import { FormPasswordField } from '../../../../components/form-password-field';
import { PasswordStrengthMeter } from '../../../../components/password-strength-meter';
import { withStrongPassword } from '../../../../lib/password-strength';
import { FormTextField } from '../../../../components/form-text-field';
import { getErrorMessage } from '../../../../lib/api-client';
import { useCreateStaff } from '../api';
import { applyStaffFieldErrors } from '../staff-form';
import { RoleCheckboxes } from './role-checkboxes';
import { StaffFormBody, StaffNameField, StaffPhoneField } from './staff-dialog';

type CreateStaffInput = z.input<typeof createStaffBody>;

const createStaffFields = ['fullName', 'email', 'phoneNumber', 'password', 'roles'] as const;
const emptyStaff: CreateStaffInput = { fullName: '', email: '', phoneNumber: '', password: '', roles: [] };

/** Creates an admin user with a starting password and at least one role. */
export function CreateStaffDialog({
  isOpen,
  isSuperAdminActing,
  onClose,
  onCreated,
}: {
  isOpen: boolean;
  /** Only the super admin may give the Staff Management role. */
  isSuperAdminActing: boolean;
  onClose: () => void;
  onCreated: () => void;
}) {
  const create = useCreateStaff();
  return (
    <ActionDialog
      isOpen={isOpen}
      title="Create Admin User"
      subtitle="They sign in with this e-mail and password and see only the areas their roles allow."
      isPending={create.isPending}
      onClose={onClose}
      onExited={create.reset}
    >
      <CreateStaffForm
        isPending={create.isPending}
        isSuperAdminActing={isSuperAdminActing}
        onCancel={onClose}
        onSubmit={async (body) => {
          await create.mutateAsync(body);
          onCreated();
        }}
      />
    </ActionDialog>
  );
}

function CreateStaffForm({
  isPending,
  isSuperAdminActing,
  onCancel,
  onSubmit,
}: {
  isPending: boolean;
  isSuperAdminActing: boolean;
  onCancel: () => void;
  onSubmit: (body: CreateStaffBody) => Promise<void>;
}) {
  const [failure, setFailure] = useState<string | null>(null);
  const { control, handleSubmit, setError } = useForm<CreateStaffInput, unknown, CreateStaffBody>({
    resolver: zodResolver(withStrongPassword(createStaffBody, 'password', (values) => [values.email, values.fullName])),
    defaultValues: emptyStaff,
  });

  const submit = handleSubmit(async (body) => {
    setFailure(null);
    try {
      await onSubmit(body);
    } catch (error) {
      applyStaffFieldErrors(error, setError, createStaffFields);
      setFailure(getErrorMessage(error, 'Failed to create admin user'));
    }
  });

  return (
    <StaffFormBody
      submitLabel="Create Admin User"
      pendingLabel="Creating…"
      isPending={isPending}
      failure={failure}
      onCancel={onCancel}
      onSubmit={submit}
    >
      <StaffNameField control={control} disabled={isPending} autoFocus />
      <FormTextField
        control={control}
        name="email"
        label="Email"
        type="email"
        autoComplete="off"
        disabled={isPending}
        required
        slotProps={{ htmlInput: { maxLength: 254 } }}
      />
      <StaffPhoneField control={control} disabled={isPending} />
      <FormPasswordField
        control={control}
        name="password"
        label="Password"
        autoComplete="new-password"
        disabled={isPending}
        required
        helperText="At least 8 characters. Share it with them safely; they can sign in with it at once."
      />
      <PasswordStrengthMeter control={control} name="password" />
      <RoleCheckboxes
        control={control}
        disabled={isPending}
        lockedRoles={isSuperAdminActing ? [] : ['staff_management']}
      />
    </StaffFormBody>
  );
}
