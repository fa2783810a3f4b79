import CloseIcon from '@mui/icons-material/Close';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Snackbar from '@mui/material/Snackbar';
import { useState } from 'react';
import type { ApplyUpdate } from '../lib/service-worker';
import { MuiTheme } from './mui-theme';

/** The offer of a new release: Reload brings it in, the close button puts it off. */
export function UpdateSnackbar({ applyUpdate }: { applyUpdate: ApplyUpdate }) {
  const [isDismissed, setIsDismissed] = useState(false);
  const [isReloading, setIsReloading] = useState(false);

  const reload = () => {
    setIsReloading(true);
    void applyUpdate();
  };

  return (
    <MuiTheme>
      <Snackbar
        open={!isDismissed}
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
    </MuiTheme>
  );
}
