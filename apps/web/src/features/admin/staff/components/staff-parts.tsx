import BlockOutlined from '@mui/icons-material/BlockOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import RestoreOutlined from '@mui/icons-material/RestoreOutlined';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { getAvatarInitial, getDisplayName } from '../../../../lib/formatters';
import type { StaffMember } from '../api';
import { getRoleLabel, readStaffRoles } from '../staff-display';

/** What a row or card can do, and who is looking. */
export interface StaffRowProps {
  staff: StaffMember;
  isSelf: boolean;
  canEdit: boolean;
  canSuspend: boolean;
  canReactivate: boolean;
  onEdit: (staff: StaffMember) => void;
  onSuspend: (staff: StaffMember) => void;
  onReactivate: (staff: StaffMember) => void;
  /** Who invited and approved, and roles waiting for approval (`StaffHistory`). */
  history?: ReactNode;
}

/** The avatar with the admin's initial; grey once suspended. */
export function StaffAvatar({ staff, size = 40 }: { staff: StaffMember; size?: number }) {
  const isSuspended = staff.status === 'suspended';
  return (
    <Avatar
      aria-hidden
      sx={{
        width: size,
        height: size,
        fontSize: size * 0.42,
        fontWeight: 600,
        bgcolor: isSuspended ? 'rgba(142, 142, 147, 0.35)' : staff.isSuperAdmin ? 'secondary.main' : 'primary.main',
      }}
    >
      {getAvatarInitial(staff)}
    </Avatar>
  );
}

/** The admin's name with the markers that set the row apart: Super Admin, You, Suspended and Invited. */
export function StaffName({ staff, isSelf }: { staff: StaffMember; isSelf: boolean }) {
  const isSuspended = staff.status === 'suspended';
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 1, rowGap: 0.5, minWidth: 0 }}>
      <Typography
        sx={{ fontWeight: 600, overflowWrap: 'anywhere', color: isSuspended ? 'text.secondary' : 'text.primary' }}
      >
        {getDisplayName(staff)}
      </Typography>
      {staff.isSuperAdmin && (
        <Chip
          label="Super Admin"
          size="small"
          sx={{ height: 22, fontWeight: 600, bgcolor: 'rgba(88, 86, 214, 0.12)', color: '#3634A3' }}
        />
      )}
      {isSelf && <Chip label="You" size="small" variant="outlined" sx={{ height: 22, fontWeight: 600 }} />}
      {isSuspended && <SuspendedChip />}
      {staff.status === 'invited' && (
        <Chip label="Invited" size="small" color="info" variant="outlined" sx={{ height: 22, fontWeight: 600 }} />
      )}
    </Box>
  );
}

function SuspendedChip() {
  return (
    <Chip
      label="Suspended"
      size="small"
      icon={<BlockOutlined />}
      sx={{
        height: 22,
        fontWeight: 600,
        bgcolor: 'rgba(255, 59, 48, 0.1)',
        // Darker than the theme's error red: the chip sits on the grey of a suspended row too.
        color: '#A3000F',
        '& .MuiChip-icon': { color: '#A3000F', fontSize: 15 },
      }}
    />
  );
}

/** The role labels as chips; 'No roles assigned' when there are none, 'Invalid roles' when unreadable. */
export function RoleChips({ value }: { value: unknown }) {
  const read = readStaffRoles(value);
  if (!read.isValid) {
    return (
      <Typography variant="body2" color="error">
        Invalid roles
      </Typography>
    );
  }
  if (read.roles.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary">
        No roles assigned
      </Typography>
    );
  }
  return (
    <Box component="ul" aria-label="Roles" sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.75, p: 0, m: 0 }}>
      {read.roles.map((role) => (
        <Box component="li" key={role} sx={{ listStyle: 'none' }}>
          <Chip
            label={getRoleLabel(role)}
            size="small"
            sx={{ fontWeight: 500, bgcolor: 'rgba(0, 122, 255, 0.1)', color: '#0060DF' }}
          />
        </Box>
      ))}
    </Box>
  );
}

/**
 * Edit, and Suspend where the admin may be suspended, as icon buttons with tooltips. Where Suspend
 * is not offered its place stays empty, so every Edit lines up.
 */
export function StaffActionButtons({
  staff,
  canEdit,
  canSuspend,
  canReactivate,
  onEdit,
  onSuspend,
  onReactivate,
}: StaffRowProps) {
  const name = getDisplayName(staff);
  return (
    <Box sx={{ display: 'flex', justifyContent: 'flex-end', alignItems: 'center', gap: 0.5 }}>
      {canEdit ? (
        <Tooltip title="Edit">
          <IconButton aria-label={`Edit ${name}`} onClick={() => onEdit(staff)}>
            <EditOutlined fontSize="small" />
          </IconButton>
        </Tooltip>
      ) : (
        <Box aria-hidden sx={{ width: 40, flexShrink: 0 }} />
      )}
      {canReactivate && (
        <Tooltip title="Reactivate">
          <IconButton
            aria-label={`Reactivate ${name}`}
            onClick={() => onReactivate(staff)}
            sx={{ color: 'success.main' }}
          >
            <RestoreOutlined fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
      {canSuspend && (
        <Tooltip title="Suspend">
          <IconButton aria-label={`Suspend ${name}`} onClick={() => onSuspend(staff)} sx={{ color: 'error.main' }}>
            <BlockOutlined fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
      {!canSuspend && !canReactivate && <Box aria-hidden sx={{ width: 40, flexShrink: 0 }} />}
    </Box>
  );
}
