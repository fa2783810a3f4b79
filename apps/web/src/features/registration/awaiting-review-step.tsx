import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { PlainIcon } from '../../components/plain/plain-icon';
import { hourglassTop, mailOutline } from '../../components/plain/plain-icons';
import { getErrorMessage } from '../../lib/api-client';
import { formatTimeOfDay } from '../../lib/formatters';
import { useCheckRegistrationStatus, type Registrant } from './api';

/** Step 6: everything is in; the member waits for the review and hears by e-mail. */
export function AwaitingReviewStep({ user }: { user: Registrant }) {
  const check = useCheckRegistrationStatus();

  return (
    <Paper
      component="section"
      aria-labelledby="awaiting-review-title"
      sx={{ p: { xs: 3, sm: 5 }, textAlign: 'center' }}
    >
      <Box
        sx={{
          width: 72,
          height: 72,
          mx: 'auto',
          mb: 2,
          borderRadius: '50%',
          bgcolor: 'rgba(255, 149, 0, 0.12)',
          color: 'warning.main',
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
        }}
      >
        <PlainIcon drawing={hourglassTop} size={38} />
      </Box>
      <Typography id="awaiting-review-title" variant="h2">
        Awaiting Review
      </Typography>
      <Typography sx={{ mt: 1.5, maxWidth: 480, mx: 'auto' }}>
        Thank you{user.fullName ? `, ${user.fullName.split(' ')[0]}` : ''}. Your registration has been submitted and our
        team is checking your details and documents. The review takes 1-2 business days.
      </Typography>
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          gap: 1,
          mt: 2.5,
          px: 2,
          py: 1.5,
          mx: 'auto',
          maxWidth: 480,
          borderRadius: 2.5,
          bgcolor: 'background.default',
        }}
      >
        <PlainIcon drawing={mailOutline} colour="primary" />
        <Typography variant="body2" sx={{ textAlign: 'left', overflowWrap: 'anywhere' }}>
          We will send an e-mail to <strong>{user.email}</strong> when the review is done.
        </Typography>
      </Box>
      {check.error && (
        <Alert severity="error" sx={{ mt: 3, textAlign: 'left' }}>
          {getErrorMessage(check.error, 'Failed to load user information')}
        </Alert>
      )}
      <Button
        variant="outlined"
        sx={{ mt: 3 }}
        disabled={check.isPending}
        startIcon={check.isPending ? <CircularProgress size={18} color="inherit" /> : undefined}
        onClick={() => check.mutate()}
      >
        {check.isPending ? 'Checking…' : 'Check status'}
      </Button>
      {check.data && !check.isPending && (
        <Typography variant="body2" color="text.secondary" role="status" sx={{ mt: 1.5 }}>
          Still under review (checked at {formatTimeOfDay(check.data)}).
        </Typography>
      )}
    </Paper>
  );
}
