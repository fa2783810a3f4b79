import { useId, type ReactNode } from 'react';
import { PlainPaper } from '../../components/plain/plain-paper';
import styles from './wizard.module.css';

/** The card one wizard step is shown in: its title, a line about what is asked, then the step itself. */
export function StepFrame({
  title,
  description,
  children,
}: {
  title: string;
  description: ReactNode;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <PlainPaper labelledBy={headingId} className={styles.step}>
      <h2 id={headingId} className={styles.stepTitle}>
        {title}
      </h2>
      <p className={styles.stepDescription}>{description}</p>
      {children}
    </PlainPaper>
  );
}
