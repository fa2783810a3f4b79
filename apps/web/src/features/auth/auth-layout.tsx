import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { BrandMark } from '../../components/brand-logo';

/** The line under the card: a question and a link to the other way in ("Already have an account? Sign in"). */
export interface AuthFooter {
  question: string;
  linkText: string;
  to: string;
}

/** The centred card the sign-in and sign-up pages share. */
export function AuthLayout({
  title,
  subtitle,
  children,
  footer,
}: {
  title: string;
  subtitle: string;
  children: ReactNode;
  footer: AuthFooter;
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
      <Box sx={{ width: '100%', maxWidth: 420 }}>
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
        <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center', mt: 3 }}>
          {footer.question}{' '}
          <Link component={RouterLink} to={footer.to} sx={{ fontWeight: 600 }}>
            {footer.linkText}
          </Link>
        </Typography>
      </Box>
    </Box>
  );
}
