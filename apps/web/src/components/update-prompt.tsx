import CloseIcon from '@mui/icons-material/Close';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Snackbar from '@mui/material/Snackbar';
import { useState } from 'react';
import { useWaitingUpdate } from '../lib/service-worker';

/**
 * Offers a newly deployed release once its service worker is waiting. It does not block the page: a
 * member in the middle of a form reloads when they are ready, or dismisses it and gets the new
 * release the next time Letsema starts.
 */
export function UpdatePrompt() {
  const applyUpdate = useWaitingUpdate();
  const [isDismissed, setIsDismissed] = useState(false);
  const [isReloading, setIsReloading] = useState(false);

  const reload = () => {
    if (!applyUpdate) return;
    setIsReloading(true);
    void applyUpdate();
  };

  return (
    <Snackbar
      open={applyUpdate !== null && !isDismissed}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      // Above the member's bottom navigation bar on phones.
      sx={{ bottom: { xs: 'calc(80px + env(safe-area-inset-bottom))', md: 24 } }}
    >
      <Alert
        severity="info"
        role="status"
        aria-live="polite"
        sx={{ width: '100%', alignItems: 'center', boxShadow: 3 }}
        action={
          <>
            <Button color="inherit" size="small" onClick={reload} disabled={isReloading}>
              Reload
            </Button>
            <IconButton color="inherit" size="small" aria-label="Not now" onClick={() => setIsDismissed(true)}>
              <CloseIcon fontSize="small" />
            </IconButton>
          </>
        }
      >
        A new version of Letsema is available.
      </Alert>
    </Snackbar>
  );
}
