import EmailOutlined from '@mui/icons-material/EmailOutlined';
import PhoneOutlined from '@mui/icons-material/PhoneOutlined';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { formatAdminDate, getAdminDateTimeParts, getDisplayName } from '../../../../lib/formatters';
import type { StaffMember } from '../api';
import { canEditStaff, canReactivateStaff, canSuspendStaff, formatLastLogin, type StaffActor } from '../staff-display';
import { StaffHistory } from './staff-history';
import { RoleChips, StaffActionButtons, StaffAvatar, StaffName, type StaffRowProps } from './staff-parts';

interface StaffListProps {
  staff: readonly StaffMember[];
  actor: StaffActor;
  onEdit: (staff: StaffMember) => void;
  onSuspend: (staff: StaffMember) => void;
  onReactivate: (staff: StaffMember) => void;
  onDecide: (staff: StaffMember, decision: 'approve' | 'reject') => void;
  onResend: (staff: StaffMember) => void;
  /** A decision or a new link is on its way. */
  isBusy: boolean;
}

const columns = ['Admin User', 'Contact', 'Role', 'Created', 'Last Login', 'Actions'] as const;

function toRowProps(staff: StaffMember, props: StaffListProps): StaffRowProps {
  return {
    staff,
    isSelf: staff.id === props.actor.id,
    canEdit: canEditStaff(staff, props.actor),
    canSuspend: canSuspendStaff(staff, props.actor.id),
    canReactivate: canReactivateStaff(staff, props.actor),
    onEdit: props.onEdit,
    onSuspend: props.onSuspend,
    onReactivate: props.onReactivate,
    history: (
      <StaffHistory
        staff={staff}
        actor={props.actor}
        isBusy={props.isBusy}
        onDecide={props.onDecide}
        onResend={props.onResend}
      />
    ),
  };
}

const headCellSx = {
  fontWeight: 600,
  fontSize: '0.8125rem',
  color: 'text.secondary',
  bgcolor: 'rgba(242, 242, 247, 0.6)',
  whiteSpace: 'nowrap',
} as const;

/** The admin users as a table, for wide screens. */
export function StaffTable(props: StaffListProps) {
  return (
    <TableContainer component={Paper}>
      <Table aria-label="Admin users" sx={{ '& td, & th': { borderColor: 'divider' } }}>
        <StaffTableHead />
        <TableBody>
          {props.staff.map((staff) => (
            <StaffTableRow key={staff.id} {...toRowProps(staff, props)} />
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

function StaffTableHead() {
  return (
    <TableHead>
      <TableRow>
        {columns.map((column) => (
          <TableCell key={column} align={column === 'Actions' ? 'right' : 'left'} sx={headCellSx}>
            {column}
          </TableCell>
        ))}
      </TableRow>
    </TableHead>
  );
}

function StaffTableRow(props: StaffRowProps) {
  const { staff, isSelf } = props;
  const isSuspended = staff.status === 'suspended';
  return (
    <TableRow
      hover
      aria-label={getDisplayName(staff)}
      sx={{ verticalAlign: 'top', '&:last-child td': { borderBottom: 0 }, ...(isSuspended ? muted : {}) }}
    >
      <TableCell sx={{ minWidth: 200 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
          <StaffAvatar staff={staff} />
          <StaffName staff={staff} isSelf={isSelf} />
        </Box>
      </TableCell>
      <TableCell sx={{ minWidth: 180 }}>
        <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
          {staff.email}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {staff.phoneNumber || '—'}
        </Typography>
      </TableCell>
      <TableCell sx={{ minWidth: 300, maxWidth: 420 }}>
        <RoleChips value={staff.adminRoles} />
        {props.history}
      </TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>
        <Typography variant="body2">{formatAdminDate(staff.createdAt)}</Typography>
      </TableCell>
      <TableCell sx={{ minWidth: 120 }}>
        <LastLogin value={staff.lastLoginAt} />
      </TableCell>
      <TableCell align="right" sx={{ whiteSpace: 'nowrap', py: 1 }}>
        <StaffActionButtons {...props} />
      </TableCell>
    </TableRow>
  );
}

/**
 * A suspended admin's row sits on a grey ground; the text keeps its full contrast (faded text would
 * fall below WCAG AA) and the "Suspended" marker says the rest.
 */
const muted = { bgcolor: 'action.hover' } as const;

function LastLogin({ value }: { value: string | null }) {
  const moment = getAdminDateTimeParts(value);
  if (!moment) {
    return (
      <Typography variant="body2" color="text.secondary">
        Never
      </Typography>
    );
  }
  return (
    <Typography variant="body2" sx={{ whiteSpace: 'nowrap' }}>
      {moment.date}
      <Box component="span" sx={{ display: 'block', color: 'text.secondary' }}>
        at {moment.time}
      </Box>
    </Typography>
  );
}

/** The admin users as cards, for phones and narrow windows. */
export function StaffCards(props: StaffListProps) {
  return (
    <Box
      component="section"
      aria-label="Admin users"
      sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(2, minmax(0, 1fr))' } }}
    >
      {props.staff.map((staff) => (
        <StaffCard key={staff.id} {...toRowProps(staff, props)} />
      ))}
    </Box>
  );
}

function StaffCard(props: StaffRowProps) {
  const { staff, isSelf } = props;
  return (
    <Paper
      component="article"
      aria-label={getDisplayName(staff)}
      sx={{ p: 2, display: 'flex', flexDirection: 'column', gap: 1.5, minWidth: 0 }}
    >
      <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1.5 }}>
        <StaffAvatar staff={staff} size={44} />
        <Box sx={{ minWidth: 0, flexGrow: 1, pt: 0.25 }}>
          <StaffName staff={staff} isSelf={isSelf} />
          <Box>
            <CardLine icon={<EmailOutlined />}>{staff.email}</CardLine>
            <CardLine icon={<PhoneOutlined />}>{staff.phoneNumber || '—'}</CardLine>
          </Box>
        </Box>
      </Box>
      <Box>
        <RoleChips value={staff.adminRoles} />
        {props.history}
      </Box>
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'space-between',
          gap: 1,
          pt: 1,
          mt: 'auto',
          borderTop: 1,
          borderColor: 'divider',
        }}
      >
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
            Created {formatAdminDate(staff.createdAt)}
          </Typography>
          <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
            Last login {formatLastLogin(staff.lastLoginAt)}
          </Typography>
        </Box>
        <StaffActionButtons {...props} />
      </Box>
    </Paper>
  );
}

function CardLine({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <Box
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 0.75,
        mt: 0.5,
        color: 'text.secondary',
        minWidth: 0,
        '& svg': { fontSize: 16, flexShrink: 0 },
      }}
    >
      {icon}
      <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere', minWidth: 0 }}>
        {children}
      </Typography>
    </Box>
  );
}

/** Placeholder rows while the list loads. */
export function StaffLoading({ isCompact }: { isCompact: boolean }) {
  if (isCompact) {
    return (
      <Box role="status" aria-label="Loading admin users" sx={{ display: 'grid', gap: 2 }}>
        {[0, 1, 2].map((index) => (
          <Paper key={index} sx={{ p: 2, display: 'flex', gap: 1.5 }}>
            <Skeleton variant="circular" width={44} height={44} />
            <Box sx={{ flexGrow: 1 }}>
              <Skeleton width="50%" height={26} />
              <Skeleton width="80%" />
              <Skeleton width="40%" />
            </Box>
          </Paper>
        ))}
      </Box>
    );
  }
  return (
    <TableContainer component={Paper} role="status" aria-label="Loading admin users">
      <Table>
        <StaffTableHead />
        <TableBody>
          {[0, 1, 2].map((index) => (
            <TableRow key={index}>
              <TableCell>
                <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
                  <Skeleton variant="circular" width={40} height={40} />
                  <Skeleton width={120} />
                </Box>
              </TableCell>
              {[160, 180, 90, 90, 64].map((width, cell) => (
                <TableCell key={cell}>
                  <Skeleton width={width} />
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
