import type { ReactNode } from 'react';
import { classNames } from '../../lib/class-names';
import { PlainIcon } from './plain-icon';
import { checkCircleOutline, errorOutline, infoOutlined, reportProblemOutlined } from './plain-icons';
import styles from './plain.module.css';

export type AlertSeverity = 'info' | 'success' | 'warning' | 'error';

const defaultIcons: Record<AlertSeverity, ReactNode> = {
  info: <PlainIcon drawing={infoOutlined} size="inherit" />,
  success: <PlainIcon drawing={checkCircleOutline} size="inherit" />,
  warning: <PlainIcon drawing={reportProblemOutlined} size="inherit" />,
  error: <PlainIcon drawing={errorOutline} size="inherit" />,
};

/**
 * A message in a coloured band, as the theme's MUI alert draws it, for the first screens. Like the
 * theme's alerts, it is announced as it appears: an error at once (role alert), anything else when
 * the screen reader is free (role status).
 */
export function PlainAlert({
  severity,
  action,
  icon,
  isCentred = false,
  wrapsOnPhones = false,
  className,
  children,
}: {
  severity: AlertSeverity;
  action?: ReactNode;
  icon?: ReactNode;
  /** Lines the icon, the text and the action up on their middles (a one-line message with a button). */
  isCentred?: boolean;
  /** On a phone the action goes under the message, so that a long message keeps the width. */
  wrapsOnPhones?: boolean;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div
      role={severity === 'error' ? 'alert' : 'status'}
      className={classNames(
        styles.alert,
        styles[severity],
        isCentred && styles.alertCentred,
        wrapsOnPhones && styles.alertWraps,
        className,
      )}
    >
      <div className={styles.alertIcon}>{icon ?? defaultIcons[severity]}</div>
      <div className={styles.alertMessage}>{children}</div>
      {action && <div className={styles.alertAction}>{action}</div>}
    </div>
  );
}
