import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';

/** Grey rows where notifications will appear. */
export function ListSkeleton({ rows = 4, isCompact = false }: { rows?: number; isCompact?: boolean }) {
  const size = isCompact ? 36 : 40;
  return (
    <Box role="status" aria-label="Loading notifications">
      {Array.from({ length: rows }, (_, index) => (
        <Box
          key={index}
          sx={{
            display: 'flex',
            alignItems: 'flex-start',
            gap: isCompact ? 1.5 : 2,
            px: isCompact ? 2 : { xs: 2, sm: 3 },
            py: isCompact ? 1.5 : 2,
          }}
        >
          <Skeleton variant="circular" width={size} height={size} sx={{ flexShrink: 0 }} />
          <Box sx={{ flexGrow: 1 }}>
            <Skeleton width="45%" />
            <Skeleton width="90%" />
          </Box>
        </Box>
      ))}
    </Box>
  );
}
