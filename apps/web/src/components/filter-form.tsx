import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import type { FormEvent, ReactNode } from 'react';

/**
 * The filter form above an admin list: its fields in a grid (one column on a phone, two on a
 * tablet, `columns` on a wide screen), then Apply filters and Clear.
 */
export function FilterForm({
  label,
  columns,
  onApply,
  onClear,
  children,
}: {
  label: string;
  columns: number;
  onApply: (event: FormEvent) => void;
  onClear: () => void;
  children: ReactNode;
}) {
  return (
    <Paper component="form" noValidate onSubmit={onApply} aria-label={label} sx={{ p: 2, mb: 2 }}>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: {
            xs: '1fr',
            sm: 'repeat(2, minmax(0, 1fr))',
            ...(columns > 2 ? { lg: `repeat(${columns}, minmax(0, 1fr))` } : {}),
          },
        }}
      >
        {children}
      </Box>
      <Stack direction="row" spacing={1.5} sx={{ mt: 2 }}>
        <Button type="submit" variant="contained">
          Apply filters
        </Button>
        <Button onClick={onClear}>Clear</Button>
      </Stack>
    </Paper>
  );
}
