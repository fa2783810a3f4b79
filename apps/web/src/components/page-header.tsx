import type { ReactNode } from 'react';
import styles from './plain/plain.module.css';

/**
 * The title of a page, an optional line under it and optional actions on the right. Plain elements with
 * a static style sheet: it is on every page, and on the first screens.
 */
export function PageHeader({ title, subtitle, actions }: { title: string; subtitle?: string; actions?: ReactNode }) {
  return (
    <div className={styles.pageHeader}>
      <div className={styles.pageTitles}>
        <h1 className={styles.pageTitle}>{title}</h1>
        {subtitle && <p className={styles.pageSubtitle}>{subtitle}</p>}
      </div>
      {actions && <div className={styles.pageActions}>{actions}</div>}
    </div>
  );
}
