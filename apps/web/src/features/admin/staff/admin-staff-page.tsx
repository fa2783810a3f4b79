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
import { useReactivateStaff, useStaffList, useSuspendStaff, type StaffMember } from './api';
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
          />
        ) : (
          <StaffTable
            staff={staff}
            actor={actor}
            onEdit={(member) => openDialog('edit', member)}
            onSuspend={(member) => openDialog('suspend', member)}
            onReactivate={confirmReactivate}
          />
        ))}

      <CreateStaffDialog
        isOpen={dialog === 'create'}
        isSuperAdminActing={user.isSuperAdmin}
        onClose={closeDialog}
        onCreated={() => finish('Admin user created successfully!')}
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
