import BadgeOutlined from '@mui/icons-material/BadgeOutlined';
import PersonAddAlt1Outlined from '@mui/icons-material/PersonAddAlt1Outlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { PageHeader } from '../../../components/page-header';
import { ApiError, getErrorMessage } from '../../../lib/api-client';
import { useShellUser } from '../../../shell/shell-context';
import { useSuccessMessage } from '../../../lib/use-success-message';
import {
  isReauthRequired,
  useDecideStaffGrant,
  useReactivateStaff,
  useResendInvitation,
  useStaffList,
  useSuspendStaff,
  type StaffMember,
} from './api';
import { ConfirmPasswordDialog } from './components/confirm-password-dialog';
import { CreateStaffDialog } from './components/create-staff-dialog';
import { EditStaffDialog } from './components/edit-staff-dialog';
import { StaffCards, StaffLoading, StaffTable } from './components/staff-list';
import { SuspendStaffDialog } from './components/suspend-staff-dialog';
import { RetryAlert } from '../../../components/retry-alert';

type OpenDialog = 'create' | 'edit' | 'suspend' | null;

/** Staff Management: the admin users, their roles, and creating, editing and suspending them. */
export function AdminStaffPage() {
  const user = useShellUser();
  const list = useStaffList();
  const suspend = useSuspendStaff();
  const reactivate = useReactivateStaff();
  const decide = useDecideStaffGrant();
  const resend = useResendInvitation();
  // An approval waits here while the acting admin confirms it with their password.
  const [awaitingApproval, setAwaitingApproval] = useState<string | null>(null);
  const actor = { id: user.id, isSuperAdmin: user.isSuperAdmin };
  const success = useSuccessMessage();
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const [selected, setSelected] = useState<StaffMember | null>(null);
  const [suspendFailure, setSuspendFailure] = useState<string | null>(null);
  const [actionFailure, setActionFailure] = useState<string | null>(null);
  // The table needs the room of a wide window next to the sidebar; below that, cards.
  const isCompact = useMediaQuery(useTheme().breakpoints.down('lg'), { noSsr: true });

  const isForbidden = list.error instanceof ApiError && list.error.status === 403;
  const staff = list.data ?? [];

  const openDialog = (kind: Exclude<OpenDialog, null>, member: StaffMember | null = null) => {
    success.clear();
    setSuspendFailure(null);
    if (member) setSelected(member);
    setDialog(kind);
  };
  const closeDialog = () => setDialog(null);
  const finish = (message: string) => {
    closeDialog();
    success.show(message);
  };

  const confirmSuspend = () => {
    if (!selected) return;
    setSuspendFailure(null);
    suspend.mutate(selected.id, {
      onSuccess: () => finish('Admin user suspended successfully!'),
      onError: (error) => setSuspendFailure(getErrorMessage(error, 'Failed to suspend admin user')),
    });
  };

  const confirmReactivate = (member: StaffMember) => {
    success.clear();
    setActionFailure(null);
    reactivate.mutate(member.id, {
      onSuccess: () => success.show('Admin user reactivated. They can sign in again.'),
      onError: (error) => setActionFailure(getErrorMessage(error, 'Failed to reactivate admin user')),
    });
  };

  const decideGrant = async (grantId: string, decision: 'approve' | 'reject') => {
    await decide.mutateAsync({ grantId, decision });
    success.show(decision === 'approve' ? 'Roles approved. They apply from the admin’s next page.' : 'Roles rejected.');
  };
  const startDecision = (member: StaffMember, decision: 'approve' | 'reject') => {
    const grantId = member.pendingGrant?.id;
    if (!grantId) return;
    success.clear();
    setActionFailure(null);
    decideGrant(grantId, decision).catch((error: unknown) => {
      if (decision === 'approve' && isReauthRequired(error)) setAwaitingApproval(grantId);
      else setActionFailure(getErrorMessage(error, 'The roles could not be decided'));
    });
  };
  const sendNewLink = (member: StaffMember) => {
    success.clear();
    setActionFailure(null);
    resend.mutate(member.id, {
      onSuccess: () => success.show('A new invitation link was sent. The earlier one no longer works.'),
      onError: (error) => setActionFailure(getErrorMessage(error, 'The invitation could not be sent again')),
    });
  };
  const listActions = {
    onDecide: startDecision,
    onResend: sendNewLink,
    isBusy: decide.isPending || resend.isPending,
  };

  return (
    <Box sx={{ maxWidth: 1280, mx: 'auto' }}>
      <PageHeader
        title="Staff Management"
        subtitle="Admin users and the areas each of them may work in."
        actions={
          !isForbidden && (
            <Button
              variant="contained"
              startIcon={<PersonAddAlt1Outlined />}
              onClick={() => openDialog('create')}
              sx={{ width: { xs: '100%', sm: 'auto' } }}
            >
              Add Admin User
            </Button>
          )
        }
      />

      <Box aria-live="polite">
        {actionFailure && (
          <Alert severity="error" onClose={() => setActionFailure(null)} sx={{ mb: 2 }}>
            {actionFailure}
          </Alert>
        )}
        {success.message && (
          <Alert severity="success" onClose={success.clear} sx={{ mb: 2 }}>
            {success.message}
          </Alert>
        )}
      </Box>

      {list.isError &&
        (isForbidden ? (
          <Alert
            severity="warning"
            action={
              <Button component={RouterLink} to="/admin" color="inherit" size="small">
                Dashboard
              </Button>
            }
          >
            {getErrorMessage(list.error, 'Failed to load admin users')}
          </Alert>
        ) : (
          <RetryAlert onRetry={() => void list.refetch()}>
            {getErrorMessage(list.error, 'Failed to load admin users')}
          </RetryAlert>
        ))}

      {list.isPending && <StaffLoading isCompact={isCompact} />}

      {list.isSuccess && staff.length === 0 && (
        <Paper>
          <EmptyState
            icon={<BadgeOutlined />}
            title="No admin users found"
            text="Admin users you create appear here with their roles."
          />
        </Paper>
      )}

      {staff.length > 0 &&
        (isCompact ? (
          <StaffCards
            staff={staff}
            actor={actor}
            onEdit={(member) => openDialog('edit', member)}
            onSuspend={(member) => openDialog('suspend', member)}
            onReactivate={confirmReactivate}
            {...listActions}
          />
        ) : (
          <StaffTable
            staff={staff}
            actor={actor}
            onEdit={(member) => openDialog('edit', member)}
            onSuspend={(member) => openDialog('suspend', member)}
            onReactivate={confirmReactivate}
            {...listActions}
          />
        ))}

      <CreateStaffDialog
        isOpen={dialog === 'create'}
        isSuperAdminActing={user.isSuperAdmin}
        onClose={closeDialog}
        onCreated={(created) =>
          finish(
            created.pendingGrant
              ? 'Invitation sent. Their roles apply once another admin with Staff Management approves them.'
              : 'Invitation sent. Their roles apply at once: the cooperative has no second staff manager yet.',
          )
        }
      />
      <ConfirmPasswordDialog
        isOpen={awaitingApproval !== null}
        onCancel={() => setAwaitingApproval(null)}
        onConfirmed={async () => {
          await decideGrant(awaitingApproval!, 'approve');
          setAwaitingApproval(null);
        }}
      />
      <EditStaffDialog
        staff={selected}
        actor={actor}
        isOpen={dialog === 'edit'}
        onClose={closeDialog}
        onUpdated={() => finish('Admin user updated successfully!')}
      />
      <SuspendStaffDialog
        staff={selected}
        isOpen={dialog === 'suspend'}
        isPending={suspend.isPending}
        failure={suspendFailure}
        onClose={closeDialog}
        onExited={() => {
          suspend.reset();
          setSuspendFailure(null);
        }}
        onConfirm={confirmSuspend}
      />
    </Box>
  );
}
