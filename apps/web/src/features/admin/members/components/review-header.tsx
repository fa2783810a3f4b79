import ArrowBack from '@mui/icons-material/ArrowBack';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { formatAdminDate } from '../../../../lib/formatters';
import { ProtectedAvatar } from '../../shared/protected-avatar';
import { StatusChip } from '../../shared/status-chip';
import type { MemberForReview } from '../api';

export const PENDING_LIST_PATH = '/admin/members/pending';

/** The review screen's header, kept in view (and kept small on phones) while the admin scrolls. */
export function ReviewHeader({ member, status }: { member: MemberForReview; status: string }) {
  const hasName = Boolean(member.fullName?.trim());
  return (
    <Paper
      component="header"
      sx={(theme) => ({
        position: 'sticky',
        top: 56,
        '@media (min-width:0px) and (orientation: landscape)': { top: 48 },
        [theme.breakpoints.up('sm')]: { top: 64 },
        zIndex: theme.zIndex.appBar - 1,
        px: { xs: 1, sm: 2.5 },
        py: { xs: 1.5, sm: 2.5 },
        mb: 2,
      })}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: { xs: 1, sm: 2 } }}>
        <Button
          component={RouterLink}
          to={PENDING_LIST_PATH}
          startIcon={<ArrowBack />}
          color="inherit"
          sx={{ display: { xs: 'none', sm: 'inline-flex' }, flexShrink: 0, px: 1.5 }}
        >
          Back
        </Button>
        <IconButton
          component={RouterLink}
          to={PENDING_LIST_PATH}
          aria-label="Back"
          sx={{ display: { xs: 'inline-flex', sm: 'none' }, flexShrink: 0 }}
        >
          <ArrowBack />
        </IconButton>
        <ProtectedAvatar user={member} size={52} />
        <Box sx={{ minWidth: 0, flexGrow: 1 }}>
          <Typography
            variant="h4"
            component="h1"
            sx={{
              fontSize: { xs: '1.0625rem', sm: '1.25rem' },
              color: hasName ? 'text.primary' : 'text.secondary',
              overflow: 'hidden',
              textOverflow: 'ellipsis',
              whiteSpace: { xs: 'nowrap', sm: 'normal' },
              overflowWrap: 'anywhere',
            }}
          >
            {hasName ? member.fullName!.trim() : 'No name provided'}
          </Typography>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 0 }}>
            <Typography variant="body2" color="text.secondary" noWrap>
              {member.email}
            </Typography>
            <Chip
              size="small"
              variant="outlined"
              color={member.emailVerified ? 'success' : 'warning'}
              label={member.emailVerified ? 'E-mail verified' : 'E-mail not verified'}
              sx={{ flexShrink: 0 }}
            />
          </Box>
          <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', columnGap: 1, rowGap: 0.5, mt: 0.25 }}>
            <Box sx={{ display: { xs: 'inline-flex', sm: 'none' } }}>
              <StatusChip status={status} />
            </Box>
            <Typography variant="body2" color="text.secondary">
              {describeSubmission(member, status)}
            </Typography>
          </Box>
        </Box>
        <Box sx={{ display: { xs: 'none', sm: 'flex' }, flexShrink: 0 }}>
          <StatusChip status={status} size="medium" />
        </Box>
      </Box>
    </Paper>
  );
}

function describeSubmission(member: MemberForReview, status: string): string {
  const submitted = formatAdminDate(member.submittedAt);
  if (submitted) return `Submitted ${submitted}`;
  if (status === 'rejected') return 'Returned to the member';
  if (status === 'verified') return `Registered ${formatAdminDate(member.createdAt)}`;
  return 'Not submitted yet';
}
