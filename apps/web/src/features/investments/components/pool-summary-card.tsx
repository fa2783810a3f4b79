import { formatRandAmount, randAmountToCents } from '@letsema/domain';
import AccountBalanceOutlined from '@mui/icons-material/AccountBalanceOutlined';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Figure } from '../../../components/figure';
import { formatPercent } from '../../../lib/investing';
import type { JoinablePool } from '../api';

/** The pool on offer: what it is, its terms and how far it is funded. */
export function PoolSummaryCard({ pool }: { pool: JoinablePool }) {
  const targetCents = randAmountToCents(pool.targetAmount);
  const funded = targetCents > 0 ? (randAmountToCents(pool.currentAmount) / targetCents) * 100 : 0;
  return (
    <Paper component="section" aria-label="Investment pool" sx={{ p: { xs: 2.5, sm: 3 }, height: '100%' }}>
      <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1.5, mb: 1.5 }}>
        <Box
          aria-hidden
          sx={{
            width: 44,
            height: 44,
            borderRadius: 2.5,
            bgcolor: 'rgba(0, 122, 255, 0.1)',
            color: 'primary.main',
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
            flexShrink: 0,
          }}
        >
          <AccountBalanceOutlined />
        </Box>
        <Box sx={{ minWidth: 0, flexGrow: 1 }}>
          <Typography variant="h4" component="h2" sx={{ overflowWrap: 'anywhere' }}>
            {pool.name}
          </Typography>
          <Chip label="Open for joining" size="small" color="primary" variant="outlined" sx={{ mt: 0.5 }} />
        </Box>
      </Box>
      <Typography color="text.secondary" sx={{ mb: 2.5, whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
        {pool.description}
      </Typography>

      <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', gap: 2, mb: 2.5 }}>
        <Figure label="Price per share" value={formatRandAmount(pool.pricePerShare)} />
        <Figure label="Shares available" value={`${pool.availableShares} of ${pool.totalShares}`} />
        <Figure label="Duration" value={`${pool.investmentDuration} months`} />
        <Figure label="Members" value={`${pool.totalMembers} of ${pool.maxMembers}`} />
      </Box>

      <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, mb: 0.75 }}>
        <Typography variant="body2" color="text.secondary">
          Funded
        </Typography>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {formatRandAmount(pool.currentAmount)} of {formatRandAmount(pool.targetAmount)}
        </Typography>
      </Box>
      <LinearProgress
        variant="determinate"
        value={Math.min(funded, 100)}
        aria-label={`Pool funded ${formatPercent(funded)}`}
        sx={{ height: 8, borderRadius: 4 }}
      />
      {pool.paymentMethods.length > 0 && (
        <Box sx={{ mt: 2.5 }}>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            Payment methods
          </Typography>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
            {pool.paymentMethods.map((method) => (
              <Chip key={method} label={method} size="small" variant="outlined" />
            ))}
          </Box>
        </Box>
      )}
    </Paper>
  );
}
