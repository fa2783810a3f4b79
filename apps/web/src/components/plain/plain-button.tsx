import type { MouseEventHandler, ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { classNames } from '../../lib/class-names';
import styles from './plain.module.css';

interface PlainButtonProps {
  /** Contained: the page's main action, filled with the primary colour. Text: a quiet action. */
  variant?: 'contained' | 'text';
  /** A text button's colour: the primary colour, or the colour of what it sits in (an alert). */
  color?: 'primary' | 'inherit';
  size?: 'small' | 'medium' | 'large';
  startIcon?: ReactNode;
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
  const { variant = 'text', color = 'primary', size = 'medium', startIcon, className, children } = props;
  const classes = classNames(
    styles.button,
    variant === 'contained' ? styles.contained : styles.text,
    variant === 'text' && color === 'primary' && styles.textPrimary,
    size === 'small' && styles.small,
    size === 'large' && styles.large,
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
