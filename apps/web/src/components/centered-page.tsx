import type { ReactNode } from 'react';
import { BrandMark } from './brand-logo';
import { PlainPaper } from './plain/plain-paper';
import styles from './plain/plain.module.css';

/**
 * A page of one centred card under the brand mark: sign-in, sign-up and the account's first steps.
 * Drawn with plain elements and the static style sheet, so that the sign-in pages work out no styles
 * while drawing.
 */
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
    <main className={styles.centeredPage}>
      <div className={styles.centeredColumn} style={{ maxWidth }}>
        <div className={styles.centeredHead}>
          <BrandMark size={56} />
          <h1 className={styles.centeredTitle}>{title}</h1>
          <p className={styles.centeredSubtitle}>{subtitle}</p>
        </div>
        <PlainPaper className={styles.centeredCard}>{children}</PlainPaper>
        {footer && <p className={styles.centeredFooter}>{footer}</p>}
      </div>
    </main>
  );
}
