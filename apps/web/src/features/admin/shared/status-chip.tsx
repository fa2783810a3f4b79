import CheckCircle from '@mui/icons-material/CheckCircle';
import Cancel from '@mui/icons-material/Cancel';
import HourglassTop from '@mui/icons-material/HourglassTop';
import Chip, { type ChipProps } from '@mui/material/Chip';

const looks: Record<string, { label: string; color: ChipProps['color']; icon: ChipProps['icon'] }> = {
  verified: { label: 'Verified', color: 'success', icon: <CheckCircle /> },
  rejected: { label: 'Rejected', color: 'error', icon: <Cancel /> },
  pending: { label: 'Pending', color: 'warning', icon: <HourglassTop /> },
};

/** How a review status reads in a chip; an unknown status is shown as it is. */
export function getStatusLabel(status: string): string {
  return looks[status]?.label ?? status.charAt(0).toUpperCase() + status.slice(1).replace(/_/g, ' ');
}

/** A display status (verified, rejected, pending, ...) as a coloured chip. */
export function StatusChip({ status, size = 'small' }: { status: string; size?: ChipProps['size'] }) {
  const look = looks[status];
  return (
    <Chip
      size={size}
      label={getStatusLabel(status)}
      color={look?.color ?? 'default'}
      icon={look?.icon}
      variant="filled"
      sx={{ fontWeight: 600, ...(look?.color === 'success' || look?.color === 'warning' ? { color: '#fff' } : {}) }}
    />
  );
}
