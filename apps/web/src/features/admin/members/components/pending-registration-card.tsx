import CalendarTodayOutlined from '@mui/icons-material/CalendarTodayOutlined';
import EmailOutlined from '@mui/icons-material/EmailOutlined';
import PhoneOutlined from '@mui/icons-material/PhoneOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { formatAdminDate } from '../../../../lib/formatters';
import { ProtectedAvatar } from '../../shared/protected-avatar';
import type { ReviewedMember } from '../api';

/** One registration in the review queue. */
export function PendingRegistrationCard({ member }: { member: ReviewedMember }) {
  const name = member.fullName?.trim() || 'No name provided';
  return (
    <Paper
      component="article"
      aria-label={name}
      sx={{
        p: { xs: 2, sm: 2.5 },
        display: 'flex',
        flexDirection: { xs: 'column', sm: 'row' },
        alignItems: { xs: 'stretch', sm: 'center' },
        gap: 2,
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, minWidth: 0, flexGrow: 1 }}>
        <ProtectedAvatar user={member} size={52} />
        <Box sx={{ minWidth: 0 }}>
          <Typography
            variant="h6"
            component="h2"
            sx={{ color: member.fullName?.trim() ? 'text.primary' : 'text.secondary', overflowWrap: 'anywhere' }}
          >
            {name}
          </Typography>
          <Box
            sx={{
              display: 'flex',
              flexDirection: { xs: 'column', md: 'row' },
              columnGap: 2.5,
              rowGap: 0.25,
              mt: 0.5,
              minWidth: 0,
            }}
          >
            <Meta icon={<EmailOutlined />} label="Email">
              {member.email}
            </Meta>
            <Meta icon={<PhoneOutlined />} label="Phone">
              {member.phoneNumber || 'N/A'}
            </Meta>
            <Meta icon={<CalendarTodayOutlined />} label="Submitted">
              Submitted {formatAdminDate(member.submittedAt) || 'N/A'}
            </Meta>
          </Box>
        </Box>
      </Box>
      <Button
        variant="contained"
        component={RouterLink}
        to={`/admin/members/pending/${member.id}`}
        aria-label={`Review ${name}`}
        sx={{ flexShrink: 0, alignSelf: { xs: 'stretch', sm: 'center' } }}
      >
        Review
      </Button>
    </Paper>
  );
}

function Meta({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <Box
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 0.75,
        minWidth: 0,
        color: 'text.secondary',
        '& svg': { fontSize: 16, flexShrink: 0 },
      }}
    >
      <Box component="span" aria-hidden sx={{ display: 'flex' }}>
        {icon}
      </Box>
      <Typography variant="body2" component="span" title={label} noWrap sx={{ minWidth: 0 }}>
        {children}
      </Typography>
    </Box>
  );
}
