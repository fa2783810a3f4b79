import type { PopoverOrigin } from '@mui/material/Popover';

/** Where an app bar's popovers (the notifications, the user menu) open: under their button, right edges lined up. */
export const belowAppBarButton: { anchorOrigin: PopoverOrigin; transformOrigin: PopoverOrigin } = {
  anchorOrigin: { vertical: 'bottom', horizontal: 'right' },
  transformOrigin: { vertical: 'top', horizontal: 'right' },
};
