import type { MembershipView } from '@letsema/domain';
import { formatRandAmount, frequencyLabels, type PaymentFrequency } from '@letsema/domain';
import PaymentsOutlined from '@mui/icons-material/PaymentsOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { Figure } from '../../../components/figure';
import { MembershipStatusChip } from '../../../components/status-chips';
import { formatAdminDate } from '../../../lib/formatters';
import { formatPercent, getLastInstalmentNote, getPaymentProgress } from '../../../lib/investing';

/** The member's request or membership: its terms, its status and, once approved, how far it is paid. */
export function MembershipCard({ membership }: { membership: MembershipView }) {
  const progress = getPaymentProgress(membership);
  const status = membership.contributionStatus;
  const planLabel = frequencyLabels[membership.installmentPlan as PaymentFrequency] ?? membership.installmentPlan;
  const poolName = membership.pool?.name ?? 'Investment pool';

  return (
    <Paper component="section" aria-label="My membership" sx={{ p: { xs: 2.5, sm: 3 } }}>
      <Box
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'center',
          justifyContent: 'space-between',
          gap: 1.5,
          mb: 2,
        }}
      >
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="body2" color="text.secondary">
            {status === 'rejected' ? 'Your last request' : 'Your membership'}
          </Typography>
          <Typography variant="h4" component="h2" sx={{ overflowWrap: 'anywhere' }}>
            {poolName}
          </Typography>
        </Box>
        <MembershipStatusChip status={status} size="medium" />
      </Box>

      {status === 'pending' && (
        <Alert severity="info" sx={{ mb: 2.5 }}>
          Your pool membership request is pending admin approval
        </Alert>
      )}
      {status === 'rejected' && (
        <Alert severity="error" sx={{ mb: 2.5 }}>
          <strong>Your request was not approved.</strong>
          {membership.rejectionReason ? ` Reason: ${membership.rejectionReason}` : ''}
          <br />
          You can send a new request below.
        </Alert>
      )}

      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', md: 'repeat(4, minmax(0, 1fr))' },
        }}
      >
        <Figure label="Shares" value={membership.numberOfShares} />
        <Figure label="Total commitment" value={formatRandAmount(membership.totalCommitment)} />
        <Figure
          label="Instalment"
          value={`${formatRandAmount(membership.contributionAmount)} ${planLabel}`}
          hint={getLastInstalmentNote(membership)}
        />
        <Figure label="Requested" value={formatAdminDate(membership.createdAt)} />
      </Box>

      {status === 'approved' && (
        <Box sx={{ mt: 3 }}>
          <Box sx={{ display: 'flex', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1, mb: 0.75 }}>
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              {formatRandAmount(membership.totalPaid)} paid of {formatRandAmount(membership.totalCommitment)}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {formatPercent(progress.percent)}
            </Typography>
          </Box>
          <LinearProgress
            variant="determinate"
            value={progress.percent}
            color={progress.isFullyPaid ? 'success' : 'primary'}
            aria-label={`Paid ${formatPercent(progress.percent)} of the commitment`}
            sx={{ height: 10, borderRadius: 5 }}
          />
          {progress.isFullyPaid ? (
            <Alert severity="success" sx={{ mt: 2 }}>
              Congratulations! Your commitment is fully paid.
            </Alert>
          ) : (
            <Button
              component={RouterLink}
              to="/payments"
              variant="contained"
              startIcon={<PaymentsOutlined />}
              sx={{ mt: 2.5, width: { xs: '100%', sm: 'auto' } }}
            >
              Make Payment
            </Button>
          )}
        </Box>
      )}
    </Paper>
  );
}
