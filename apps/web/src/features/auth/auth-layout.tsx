import Link from '@mui/material/Link';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { CenteredPage } from '../../components/centered-page';

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
    <CenteredPage
      title={title}
      subtitle={subtitle}
      footer={
        <>
          {footer.question}{' '}
          <Link component={RouterLink} to={footer.to} sx={{ fontWeight: 600 }}>
            {footer.linkText}
          </Link>
        </>
      }
    >
      {children}
    </CenteredPage>
  );
}
