import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { formatAdminDateTime } from '../../../../lib/formatters';
import type { StaffMember, StaffPerson } from '../api';
import { getGrantDecisionRight, getRoleLabel, type StaffActor } from '../staff-display';

const nameOf = (person: StaffPerson | null) => person?.fullName?.trim() || 'a former admin';

/**
 * Who invited the admin and who approved their roles, the invitation still open, and the roles
 * waiting for a second admin with Staff Management: Approve and Reject for whoever may decide,
 * "Waiting for another admin" (with the reason) for the admin who asked and the admin concerned.
 */
export function StaffHistory({
  staff,
  actor,
  isBusy,
  onDecide,
  onResend,
}: {
  staff: StaffMember;
  actor: StaffActor;
  isBusy: boolean;
  onDecide: (staff: StaffMember, decision: 'approve' | 'reject') => void;
  onResend: (staff: StaffMember) => void;
}) {
  const grant = staff.pendingGrant;
  const right = getGrantDecisionRight(staff, actor);
  const lines: string[] = [];
  if (staff.invitedBy) lines.push(`Invited by ${nameOf(staff.invitedBy)}`);
  if (staff.approval) {
    lines.push(
      staff.approval.bootstrap
        ? 'Roles given at once (no second staff manager yet)'
        : `Approved by ${nameOf(staff.approval.by)}`,
    );
  }
  const isInvited = staff.status === 'invited';
  if (!lines.length && !grant && !isInvited) return null;
  return (
    <Box sx={{ mt: 1, display: 'flex', flexDirection: 'column', gap: 0.5 }}>
      {lines.map((line) => (
        <Typography key={line} variant="caption" color="text.secondary" sx={{ display: 'block' }}>
          {line}
        </Typography>
      ))}
      {isInvited && (
        <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
          <Typography variant="caption" color="text.secondary">
            {staff.invitationExpiresAt
              ? `Invitation not accepted yet; the link works until ${formatAdminDateTime(staff.invitationExpiresAt)}`
              : 'The invitation link has expired'}
          </Typography>
          <Button size="small" disabled={isBusy} onClick={() => onResend(staff)}>
            Send new link
          </Button>
        </Box>
      )}
      {grant && (
        <Box
          role="group"
          aria-label={`Roles waiting for approval for ${staff.fullName ?? staff.email}`}
          sx={{ p: 1, borderRadius: 1.5, bgcolor: 'rgba(255, 149, 0, 0.08)' }}
        >
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            Waiting for approval: {grant.roles.map(getRoleLabel).join(', ')}
          </Typography>
          <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
            Asked by {nameOf(grant.maker)}
          </Typography>
          {right.mayDecide ? (
            <Box sx={{ display: 'flex', gap: 1, mt: 0.5 }}>
              <Button size="small" variant="contained" disabled={isBusy} onClick={() => onDecide(staff, 'approve')}>
                Approve roles
              </Button>
              <Button size="small" color="error" disabled={isBusy} onClick={() => onDecide(staff, 'reject')}>
                Reject
              </Button>
            </Box>
          ) : (
            <Typography variant="caption" sx={{ display: 'block', mt: 0.5 }} title={right.reason}>
              Waiting for another admin. {right.reason}
            </Typography>
          )}
        </Box>
      )}
    </Box>
  );
}
