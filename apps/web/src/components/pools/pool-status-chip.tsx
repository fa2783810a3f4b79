import Chip, { type ChipProps } from '@mui/material/Chip';
import { getPoolStatusLabel } from './pool-display';

const statusColors: Record<string, ChipProps['color']> = {
  Draft: 'default',
  Open: 'success',
  Active: 'primary',
  Closed: 'warning',
  Completed: 'secondary',
};

/** A pool's status as a chip: Draft, Open, Active, Closed or Completed. */
export function PoolStatusChip({ status, size = 'small' }: { status: string; size?: ChipProps['size'] }) {
  const label = getPoolStatusLabel(status);
  const color = statusColors[label] ?? 'default';
  return (
    <Chip
      size={size}
      label={label}
      color={color}
      sx={{ fontWeight: 600, ...(color === 'success' || color === 'warning' ? { color: '#fff' } : {}) }}
    />
  );
}
