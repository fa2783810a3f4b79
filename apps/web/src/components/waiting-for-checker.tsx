import HourglassEmptyOutlined from '@mui/icons-material/HourglassEmptyOutlined';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

/**
 * Stands where the decision buttons would be when the signed-in admin may not decide (they made or
 * prepared it, or approved it already): the server's own reason under it.
 */
export function WaitingForChecker({ reason }: { reason: string }) {
  return (
    <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
      <HourglassEmptyOutlined fontSize="small" color="action" aria-hidden sx={{ mt: 0.25 }} />
      <Box>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          Waiting for another admin
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {reason}
        </Typography>
      </Box>
    </Box>
  );
}
