import { formatRandAmount } from '@letsema/domain';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { formatPercent, getFundingBarValue, getFundingPercent, type PoolView } from './pool-display';

/** How far a pool is funded: the amounts, the percentage (one decimal) and a bar capped at 100. */
export function FundingProgress({
  pool,
  tone = 'default',
  hasPercent = true,
}: {
  pool: Pick<PoolView, 'currentAmount' | 'targetAmount'>;
  tone?: 'default' | 'inverse';
  /** False where the percentage is already shown larger nearby. */
  hasPercent?: boolean;
}) {
  const percent = getFundingPercent(pool);
  const isInverse = tone === 'inverse';
  return (
    <Box>
      <Box
        sx={{
          display: 'flex',
          justifyContent: 'space-between',
          alignItems: 'baseline',
          flexWrap: 'wrap',
          columnGap: 1,
          mb: 0.75,
        }}
      >
        <Typography variant="body2" sx={{ fontWeight: 600, color: isInverse ? 'inherit' : 'text.primary' }}>
          {formatRandAmount(pool.currentAmount)}{' '}
          <Box
            component="span"
            sx={{ fontWeight: 400, opacity: isInverse ? 0.85 : 1, color: isInverse ? 'inherit' : 'text.secondary' }}
          >
            of {formatRandAmount(pool.targetAmount)}
          </Box>
        </Typography>
        {hasPercent && (
          <Typography variant="body2" sx={{ fontWeight: 700, color: isInverse ? 'inherit' : 'primary.main' }}>
            {formatPercent(percent)} funded
          </Typography>
        )}
      </Box>
      <LinearProgress
        variant="determinate"
        value={getFundingBarValue(percent)}
        aria-label="Funding progress"
        sx={{
          height: 8,
          borderRadius: 4,
          bgcolor: isInverse ? 'rgba(255, 255, 255, 0.3)' : 'rgba(0, 122, 255, 0.12)',
          '& .MuiLinearProgress-bar': { borderRadius: 4, bgcolor: isInverse ? '#fff' : 'primary.main' },
        }}
      />
    </Box>
  );
}
