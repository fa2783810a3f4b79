import type { MouseEventHandler, ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { classNames } from '../../lib/class-names';
import styles from './plain.module.css';

interface PlainButtonProps {
  /** Contained: the page's main action, filled with the primary colour. Outlined: another way. Text: a quiet action. */
  variant?: 'contained' | 'outlined' | 'text';
  /** A text button's colour: the primary colour, or the colour of what it sits in (an alert). */
  color?: 'primary' | 'inherit';
  size?: 'small' | 'medium' | 'large';
  startIcon?: ReactNode;
  /** Takes the whole width of what it is in. */
  isFullWidth?: boolean;
  className?: string;
  children: ReactNode;
}

/**
 * A button as the theme's MUI button draws it, for the first screens: a link to `to` when given
 * (the router's link, so that it opens without reloading the page), else a button.
 */
export function PlainButton(
  props: PlainButtonProps &
    (
      { to: string; onClick?: never; disabled?: never } | { to?: never; onClick: MouseEventHandler; disabled?: boolean }
    ),
) {
  const {
    variant = 'text',
    color = 'primary',
    size = 'medium',
    startIcon,
    isFullWidth = false,
    className,
    children,
  } = props;
  const classes = classNames(
    styles.button,
    styles[variant],
    variant === 'text' && color === 'primary' && styles.textPrimary,
    size === 'small' && styles.small,
    size === 'large' && styles.large,
    isFullWidth && styles.fullWidth,
    className,
  );
  const content = (
    <>
      {startIcon && <span className={styles.buttonIcon}>{startIcon}</span>}
      {children}
    </>
  );
  if (props.to !== undefined) {
    return (
      <RouterLink to={props.to} className={classes}>
        {content}
      </RouterLink>
    );
  }
  return (
    <button type="button" className={classes} onClick={props.onClick} disabled={props.disabled}>
      {content}
    </button>
  );
}

/** A turning ring, as MUI's indeterminate CircularProgress draws it, in the colour of the text around it. */
export function PlainSpinner({ size = 40 }: { size?: number }) {
  return (
    <span className={styles.spinner} style={{ width: size, height: size }} aria-hidden="true">
      <svg viewBox="22 22 44 44" width={size} height={size}>
        <circle cx="44" cy="44" r="20.2" fill="none" strokeWidth="3.6" />
      </svg>
    </span>
  );
}

/** A form's submit button: its text, its text while the form is busy, and whether it is. */
export interface SubmitButtonProps {
  label: string;
  pendingLabel: string;
  isPending: boolean;
}

/**
 * A form's large, full-width submit button, as `SubmitButton` draws it with MUI: while the form is busy
 * it is disabled, spins and shows its pending text.
 */
export function PlainSubmitButton({ label, pendingLabel, isPending }: SubmitButtonProps) {
  return (
    <button
      type="submit"
      disabled={isPending}
      className={classNames(styles.button, styles.contained, styles.large, styles.fullWidth)}
    >
      {isPending && (
        <span className={styles.buttonIcon}>
          <PlainSpinner size={18} />
        </span>
      )}
      {isPending ? pendingLabel : label}
    </button>
  );
}
