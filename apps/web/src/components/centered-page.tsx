import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { BrandMark } from './brand-logo';

/** A page of one centred card under the brand mark: sign-in, sign-up and the account's first steps. */
export function CenteredPage({
  title,
  subtitle,
  children,
  footer,
  maxWidth = 420,
}: {
  title: string;
  subtitle: string;
  children: ReactNode;
  footer?: ReactNode;
  maxWidth?: number;
}) {
  return (
    <Box
      component="main"
      sx={{
        minHeight: '100vh',
        display: 'flex',
        alignItems: { xs: 'flex-start', sm: 'center' },
        justifyContent: 'center',
        px: 2,
        py: { xs: 4, sm: 6 },
      }}
    >
      <Box sx={{ width: '100%', maxWidth }}>
        <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', textAlign: 'center', mb: 3 }}>
          <BrandMark size={56} />
          <Typography variant="h1" sx={{ mt: 2 }}>
            {title}
          </Typography>
          <Typography color="text.secondary" sx={{ mt: 0.75 }}>
            {subtitle}
          </Typography>
        </Box>
        <Paper sx={{ p: { xs: 2.5, sm: 4 } }}>{children}</Paper>
        {footer && (
          <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center', mt: 3 }}>
            {footer}
          </Typography>
        )}
      </Box>
    </Box>
  );
}
