import type { ReactNode } from 'react';
import styles from './plain/plain.module.css';

/** A labelled figure (an amount, a count, a date): the label small and grey, the value bold under it. */
export function Figure({ label, value, hint }: { label: string; value: ReactNode; hint?: ReactNode }) {
  return (
    <div className={styles.figure}>
      <p className={styles.figureLabel}>{label}</p>
      <div className={styles.figureValue}>{value}</div>
      {hint && <div className={styles.figureHint}>{hint}</div>}
    </div>
  );
}
