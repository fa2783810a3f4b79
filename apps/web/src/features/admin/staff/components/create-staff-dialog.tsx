import { zodResolver } from '@hookform/resolvers/zod';
import { createStaffBody, type CreateStaffBody } from '@letsema/domain';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { ActionDialog } from '../../../../components/action-dialog';
import { FormTextField } from '../../../../components/form-text-field';
import { getErrorMessage } from '../../../../lib/api-client';
import { isReauthRequired, useCreateStaff, type StaffMember } from '../api';
import { applyStaffFieldErrors } from '../staff-form';
import { ConfirmPasswordDialog } from './confirm-password-dialog';
import { RoleCheckboxes } from './role-checkboxes';
import { StaffFormBody, StaffNameField, StaffPhoneField } from './staff-dialog';

type CreateStaffInput = z.input<typeof createStaffBody>;

const createStaffFields = ['fullName', 'email', 'phoneNumber', 'roles'] as const;
const emptyStaff: CreateStaffInput = { fullName: '', email: '', phoneNumber: '', roles: [] };

/**
 * Invites an admin user with at least one role: they get an e-mailed link to choose their own
 * password. Their roles wait for a second admin with Staff Management to approve them.
 */
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
  onCreated: (created: StaffMember) => void;
}) {
  const create = useCreateStaff();
  // An invitation waits here while the acting admin confirms it with their password.
  const [awaitingPassword, setAwaitingPassword] = useState<CreateStaffBody | null>(null);
  const save = async (body: CreateStaffBody) => {
    onCreated(await create.mutateAsync(body));
  };
  return (
    <>
      <ActionDialog
        isOpen={isOpen}
        title="Invite Admin User"
        subtitle="They get an e-mail with a link to choose their own password. Their roles apply once another admin with Staff Management approves them."
        isPending={create.isPending}
        onClose={onClose}
        onExited={create.reset}
      >
        <CreateStaffForm
          isPending={create.isPending}
          isSuperAdminActing={isSuperAdminActing}
          onCancel={onClose}
          onSubmit={async (body) => {
            try {
              await save(body);
            } catch (error) {
              if (!isReauthRequired(error)) throw error;
              setAwaitingPassword(body);
            }
          }}
        />
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
    resolver: zodResolver(createStaffBody),
    defaultValues: emptyStaff,
  });

  const submit = handleSubmit(async (body) => {
    setFailure(null);
    try {
      await onSubmit(body);
    } catch (error) {
      applyStaffFieldErrors(error, setError, createStaffFields);
      setFailure(getErrorMessage(error, 'Failed to invite admin user'));
    }
  });

  return (
    <StaffFormBody
      submitLabel="Send Invitation"
      pendingLabel="Sending…"
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
      <RoleCheckboxes
        control={control}
        disabled={isPending}
        lockedRoles={isSuperAdminActing ? [] : ['staff_management']}
      />
    </StaffFormBody>
  );
}
