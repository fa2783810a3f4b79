import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { FundingProgress } from '../../../../components/pools/funding-progress';
import { formatPercent, getFundingPercent, type PoolView } from '../../../../components/pools/pool-display';
import { PoolStatusChip } from '../../../../components/pools/pool-status-chip';

/** The pool at a glance: name, description, status and how far it is funded. */
export function PoolBanner({ pool }: { pool: PoolView }) {
  const percent = getFundingPercent(pool);
  return (
    <Paper
      component="section"
      aria-label="Pool summary"
      sx={{
        p: { xs: 2.5, sm: 4 },
        color: '#fff',
        background: 'linear-gradient(135deg, #007AFF 0%, #5856D6 100%)',
        boxShadow: '0 8px 24px rgba(0, 122, 255, 0.25)',
      }}
    >
      <Box
        sx={{
          display: 'flex',
          flexDirection: { xs: 'column', md: 'row' },
          alignItems: { xs: 'stretch', md: 'flex-end' },
          justifyContent: 'space-between',
          gap: { xs: 2.5, md: 4 },
        }}
      >
        <Box sx={{ minWidth: 0, flex: 1 }}>
          <Box sx={{ mb: 1.5, '& .MuiChip-root': { bgcolor: 'rgba(255, 255, 255, 0.92)', color: '#000' } }}>
            <PoolStatusChip status={pool.status} />
          </Box>
          <Typography
            variant="h2"
            component="h2"
            sx={{ fontSize: { xs: '1.5rem', sm: '1.75rem' }, overflowWrap: 'anywhere' }}
          >
            {pool.name}
          </Typography>
          <Typography sx={{ mt: 1, opacity: 0.9, whiteSpace: 'pre-line', overflowWrap: 'anywhere', maxWidth: 720 }}>
            {pool.description}
          </Typography>
        </Box>
        <Box sx={{ textAlign: { xs: 'left', md: 'right' }, flexShrink: 0 }}>
          <Typography
            data-testid="funding-percent"
            sx={{ fontSize: { xs: '2.25rem', sm: '2.75rem' }, fontWeight: 700, lineHeight: 1 }}
          >
            {formatPercent(percent)}
          </Typography>
          <Typography variant="body2" sx={{ opacity: 0.85 }}>
            funded
          </Typography>
        </Box>
      </Box>
      <Box sx={{ mt: 3 }}>
        <FundingProgress pool={pool} tone="inverse" hasPercent={false} />
      </Box>
    </Paper>
  );
}
