import TableContainer from '@mui/material/TableContainer';
import type { ReactNode } from 'react';

/**
 * The frame of a table wider than the screen: it scrolls sideways inside the page, and the keyboard
 * can reach it to scroll (it may hold nothing else to focus).
 */
export function ScrollableTable({ label, children }: { label: string; children: ReactNode }) {
  return (
    <TableContainer
      role="region"
      aria-label={label}
      tabIndex={0}
      sx={{
        overflowX: 'auto',
        '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: 2 },
      }}
    >
      {children}
    </TableContainer>
  );
}
