import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

/** The Letsema mark: three rising bars on the primary blue. */
export function BrandMark({ size = 32 }: { size?: number }) {
  return (
    <Box component="svg" viewBox="0 0 64 64" aria-hidden sx={{ width: size, height: size, flexShrink: 0 }}>
      <rect width="64" height="64" rx="14" fill="#007AFF" />
      <rect x="14" y="34" width="9" height="16" rx="3" fill="#fff" />
      <rect x="27.5" y="24" width="9" height="26" rx="3" fill="#fff" />
      <rect x="41" y="14" width="9" height="36" rx="3" fill="#fff" />
    </Box>
  );
}

/** The mark with the name beside it; `isCompact` shows the mark alone. */
export function BrandLogo({ isCompact = false, size = 32 }: { isCompact?: boolean; size?: number }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.25, minWidth: 0 }}>
      <BrandMark size={size} />
      {!isCompact && (
        <Typography component="span" sx={{ fontWeight: 700, fontSize: '1.25rem', letterSpacing: '-0.01em' }}>
          Letsema
        </Typography>
      )}
    </Box>
  );
}
