import Check from '@mui/icons-material/Check';
import Close from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';

/** Height the page leaves free at its bottom so the bar never covers content. */
export const DECISION_BAR_SPACE = 11;

/** The fixed bar with Reject and Approve for the open tab. */
export function DecisionBar({
  subject,
  isBusy,
  onReject,
  onApprove,
}: {
  subject: string;
  isBusy: boolean;
  onReject: () => void;
  onApprove: () => void;
}) {
  return (
    <Paper
      square
      elevation={0}
      role="region"
      aria-label="Review decision"
      sx={(theme) => ({
        position: 'fixed',
        left: 0,
        right: 0,
        bottom: 0,
        zIndex: theme.zIndex.appBar,
        borderTop: 1,
        borderColor: 'divider',
        borderRadius: 0,
        bgcolor: 'rgba(255, 255, 255, 0.92)',
        backdropFilter: 'saturate(180%) blur(12px)',
        px: { xs: 2, sm: 3, md: 4 },
        pt: 1.5,
        pb: 'calc(12px + env(safe-area-inset-bottom))',
      })}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'flex-end', gap: 1.5 }}>
        <Typography variant="body2" color="text.secondary" sx={{ display: { xs: 'none', sm: 'block' }, mr: 1 }}>
          Decision for <strong>{subject}</strong>
        </Typography>
        <Button
          variant="outlined"
          color="error"
          startIcon={<Close />}
          onClick={onReject}
          disabled={isBusy}
          sx={{ flex: { xs: 1, sm: 'none' }, minWidth: 120 }}
        >
          Reject
        </Button>
        <Button
          variant="contained"
          color="success"
          startIcon={<Check />}
          onClick={onApprove}
          disabled={isBusy}
          sx={{ flex: { xs: 1, sm: 'none' }, minWidth: 120, color: '#fff' }}
        >
          Approve
        </Button>
      </Box>
    </Paper>
  );
}
