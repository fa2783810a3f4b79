import type { ReactNode } from 'react';
import { classNames } from '../../lib/class-names';
import styles from './plain.module.css';

/**
 * A white card with the theme's soft shadow; a named section when it is given a name (`label`, or
 * `labelledBy` the id of its heading).
 */
export function PlainPaper({
  label,
  labelledBy,
  className,
  children,
}: {
  label?: string;
  labelledBy?: string;
  className?: string;
  children: ReactNode;
}) {
  const Element = label || labelledBy ? 'section' : 'div';
  return (
    <Element aria-label={label} aria-labelledby={labelledBy} className={classNames(styles.paper, className)}>
      {children}
    </Element>
  );
}
