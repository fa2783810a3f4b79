import BadgeOutlined from '@mui/icons-material/BadgeOutlined';
import CakeOutlined from '@mui/icons-material/CakeOutlined';
import Download from '@mui/icons-material/Download';
import CalendarMonthOutlined from '@mui/icons-material/CalendarMonthOutlined';
import EmailOutlined from '@mui/icons-material/EmailOutlined';
import FingerprintOutlined from '@mui/icons-material/FingerprintOutlined';
import HomeOutlined from '@mui/icons-material/HomeOutlined';
import PersonOutline from '@mui/icons-material/PersonOutline';
import PhoneOutlined from '@mui/icons-material/PhoneOutlined';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { PageHeader } from '../../components/page-header';
import { RegistrationStatusChip } from '../../components/status-chips';
import { getErrorMessage } from '../../lib/api-client';
import { useCurrentUser, type CurrentUser } from '../../lib/current-user';
import { formatAdminDate, getAvatarInitial, getDisplayName } from '../../lib/formatters';
import { USER_LOAD_FAILED, useSignInAgainAfterFailure } from '../../lib/user-load-failure';
import { useObjectUrl } from '../../lib/use-object-url';
import { useDownloadMyData, useProfilePhoto } from './api';
import { CorrectionsSection } from './corrections-section';
import { PayoutAccountSection } from './payout-account-section';
import { formatAddress, getIdentityTypeLabel, maskIdNumber } from './profile-rules';

export function ProfilePage() {
  // Loaded again on entry; one retry, so a failure is told quickly.
  const profile = useCurrentUser({ retry: 1 });
  useSignInAgainAfterFailure(profile.isError);

  return (
    <Box sx={{ maxWidth: 900, mx: 'auto' }}>
      <PageHeader title="Profile" subtitle="Your account information." />
      {profile.isError && <Alert severity="error">{getErrorMessage(profile.error, USER_LOAD_FAILED)}</Alert>}
      {profile.isPending && <ProfileSkeleton />}
      {profile.isSuccess && <ProfileDetails user={profile.data} />}
    </Box>
  );
}

function ProfileDetails({ user }: { user: CurrentUser }) {
  const rows: { label: string; value: string; icon: ReactNode }[] = [
    { label: 'Full name', value: user.fullName ?? '', icon: <PersonOutline /> },
    { label: 'Email', value: user.email, icon: <EmailOutlined /> },
    { label: 'Phone number', value: user.phoneNumber ?? '', icon: <PhoneOutlined /> },
    { label: 'Identity type', value: getIdentityTypeLabel(user.identityType), icon: <BadgeOutlined /> },
    { label: 'ID number', value: maskIdNumber(user.nationalId), icon: <FingerprintOutlined /> },
    { label: 'Date of birth', value: formatAdminDate(user.dateOfBirth), icon: <CakeOutlined /> },
    { label: 'Address', value: formatAddress(user), icon: <HomeOutlined /> },
    { label: 'Member since', value: formatAdminDate(user.createdAt), icon: <CalendarMonthOutlined /> },
  ];
  return (
    <>
      <Paper
        sx={{
          p: { xs: 2.5, sm: 3 },
          mb: 3,
          display: 'flex',
          alignItems: 'center',
          gap: { xs: 2, sm: 3 },
          flexWrap: 'wrap',
        }}
      >
        <ProfileAvatar user={user} />
        <Box sx={{ minWidth: 0, flexGrow: 1 }}>
          <Typography variant="h3" component="h2" sx={{ overflowWrap: 'anywhere' }}>
            {getDisplayName(user)}
          </Typography>
          <Typography color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {user.email}
          </Typography>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mt: 1 }}>
            <Typography variant="body2" color="text.secondary">
              Registration status
            </Typography>
            <RegistrationStatusChip status={user.registrationStatus} />
          </Box>
        </Box>
      </Paper>

      <Paper component="section" aria-labelledby="account-information" sx={{ p: { xs: 2.5, sm: 3 } }}>
        <Typography id="account-information" variant="h4" component="h2" sx={{ mb: 1 }}>
          Account information
        </Typography>
        <Box
          component="dl"
          sx={{ m: 0, display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))' } }}
        >
          {rows.map((row) => (
            // A <dl> may hold <div> groups of <dt> and <dd> only, so the icon sits inside the term.
            <Box key={row.label} sx={{ py: 1.75, borderBottom: 1, borderColor: 'divider', pr: { sm: 2 } }}>
              <Typography
                component="dt"
                variant="body2"
                color="text.secondary"
                sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}
              >
                <Box component="span" aria-hidden sx={{ display: 'flex', width: 24 }}>
                  {row.icon}
                </Box>
                {row.label}
              </Typography>
              <Typography component="dd" sx={{ m: 0, pl: 4.5, fontWeight: 500, overflowWrap: 'anywhere' }}>
                {row.value || 'N/A'}
              </Typography>
            </Box>
          ))}
        </Box>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
          To change these details, please contact the cooperative&apos;s office.
        </Typography>
      </Paper>
      <PayoutAccountSection user={user} />
      <CorrectionsSection />
      <MyDataSection />
    </>
  );
}

function ProfileAvatar({ user }: { user: CurrentUser }) {
  const photo = useProfilePhoto(user.profilePictureUrl);
  const url = useObjectUrl(photo.data);
  return (
    <Avatar
      src={url ?? undefined}
      alt={url ? `Profile photo of ${getDisplayName(user)}` : undefined}
      sx={{ width: 80, height: 80, bgcolor: 'primary.main', fontSize: '2rem', fontWeight: 600 }}
    >
      {getAvatarInitial(user)}
    </Avatar>
  );
}

function ProfileSkeleton() {
  return (
    <Box role="status" aria-label="Loading profile">
      <Paper sx={{ p: 3, mb: 3, display: 'flex', alignItems: 'center', gap: 3 }}>
        <Skeleton variant="circular" width={80} height={80} />
        <Box sx={{ flexGrow: 1 }}>
          <Skeleton width="40%" height={36} />
          <Skeleton width="55%" />
        </Box>
      </Paper>
      <Paper sx={{ p: 3 }}>
        {[0, 1, 2, 3].map((index) => (
          <Skeleton key={index} height={48} />
        ))}
      </Paper>
    </Box>
  );
}

/** The member takes away everything held about them (POPIA section 23). */
function MyDataSection() {
  const download = useDownloadMyData();
  return (
    <Paper component="section" aria-labelledby="your-data" sx={{ p: { xs: 2.5, sm: 3 }, mt: 3 }}>
      <Typography id="your-data" variant="h4" component="h2" sx={{ mb: 1 }}>
        Your data
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        Download everything Letsema holds about you: your profile, next of kin, memberships, payments, messages, the
        record of what was done on your account, and the files you uploaded, in one ZIP file.
      </Typography>
      {download.error && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {getErrorMessage(download.error, 'Your data could not be prepared. Please try again.')}
        </Alert>
      )}
      <Button
        variant="outlined"
        startIcon={download.isPending ? <CircularProgress size={18} color="inherit" /> : <Download />}
        disabled={download.isPending}
        onClick={() => download.mutate()}
        sx={{ width: { xs: '100%', sm: 'auto' } }}
      >
        {download.isPending ? 'Preparing…' : 'Download my data'}
      </Button>
    </Paper>
  );
}
