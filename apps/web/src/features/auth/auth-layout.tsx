import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { CenteredPage } from '../../components/centered-page';
import styles from '../../components/plain/plain.module.css';

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
          <RouterLink to={footer.to} className={styles.link}>
            {footer.linkText}
          </RouterLink>
        </>
      }
    >
      {children}
    </CenteredPage>
  );
}
