import type { ReactNode } from 'react';
import { classNames } from '../../lib/class-names';
import styles from './plain.module.css';

/** A white card with the theme's soft shadow; a named section when `label` is given. */
export function PlainPaper({
  label,
  className,
  children,
}: {
  label?: string;
  className?: string;
  children: ReactNode;
}) {
  const Element = label ? 'section' : 'div';
  return (
    <Element aria-label={label} className={classNames(styles.paper, className)}>
      {children}
    </Element>
  );
}
