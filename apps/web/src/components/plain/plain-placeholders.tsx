import { classNames } from '../../lib/class-names';
import styles from './plain.module.css';

/** A grey pulsing block where something is still loading: a line of text, or a rounded box. */
export function PlainSkeleton({
  variant = 'text',
  width,
  height,
  className,
}: {
  variant?: 'text' | 'rounded';
  width?: number;
  height?: number;
  className?: string;
}) {
  return (
    <span
      aria-hidden
      className={classNames(
        styles.skeleton,
        variant === 'text' ? styles.skeletonText : styles.skeletonRounded,
        className,
      )}
      style={{ width, height }}
    />
  );
}

/** How far something has got, as a bar (0 to 100), named for screen readers by `label`. */
export function PlainProgress({
  value,
  label,
  isDone = false,
  isThin = false,
  className,
}: {
  value: number;
  label: string;
  isDone?: boolean;
  /** Thinner, on a neutral track. */
  isThin?: boolean;
  className?: string;
}) {
  const shown = Math.min(100, Math.max(0, value));
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(shown)}
      className={classNames(styles.progress, isDone && styles.progressDone, isThin && styles.progressThin, className)}
    >
      <div className={styles.progressBar} style={{ transform: `translateX(${shown - 100}%)` }} />
    </div>
  );
}
