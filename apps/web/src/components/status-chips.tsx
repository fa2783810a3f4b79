import type { ReactElement } from 'react';
import { classNames } from '../lib/class-names';
import { PlainIcon } from './plain/plain-icon';
import { cancel, checkCircle, errorOutline, hourglassTop } from './plain/plain-icons';
import styles from './plain/plain.module.css';

/** A chip's size: small in lists and tables, medium beside a title. */
type ChipSize = 'small' | 'medium';

const chipColours: Record<ChipLook['color'], string | undefined> = {
  success: styles.chipSuccess,
  warning: styles.chipWarning,
  error: styles.chipError,
  default: styles.chipDefault,
  primary: styles.chipPrimary,
};

interface ChipLook {
  label: string;
  color: 'success' | 'warning' | 'error' | 'default' | 'primary';
  icon?: ReactElement;
}

const paymentLooks: Record<string, ChipLook> = {
  completed: { label: 'Completed', color: 'success', icon: <PlainIcon drawing={checkCircle} /> },
  pending: { label: 'Pending', color: 'warning', icon: <PlainIcon drawing={hourglassTop} /> },
  rejected: { label: 'Rejected', color: 'error', icon: <PlainIcon drawing={cancel} /> },
  failed: { label: 'Failed', color: 'error', icon: <PlainIcon drawing={errorOutline} /> },
};

const membershipLooks: Record<string, ChipLook> = {
  approved: { label: 'Approved', color: 'success', icon: <PlainIcon drawing={checkCircle} /> },
  pending: { label: 'Pending approval', color: 'warning', icon: <PlainIcon drawing={hourglassTop} /> },
  rejected: { label: 'Rejected', color: 'error', icon: <PlainIcon drawing={cancel} /> },
  exited: { label: 'Left the pool', color: 'default', icon: <PlainIcon drawing={checkCircle} /> },
};

const registrationLooks: Record<string, ChipLook> = {
  active: { label: 'Active', color: 'success', icon: <PlainIcon drawing={checkCircle} /> },
  verified: { label: 'Verified', color: 'primary', icon: <PlainIcon drawing={checkCircle} /> },
  pending_kyc: { label: 'Pending KYC', color: 'warning', icon: <PlainIcon drawing={hourglassTop} /> },
  rejected: { label: 'Action needed', color: 'error', icon: <PlainIcon drawing={errorOutline} /> },
};

/** An unknown status reads as itself, capitalised, with underscores as spaces. */
function fallbackLook(status: string): ChipLook {
  const text = status.replace(/_/g, ' ');
  return { label: text.charAt(0).toUpperCase() + text.slice(1), color: 'default' };
}

/**
 * A status as a coloured chip, drawn with a plain element and a static style sheet (it is on most pages,
 * often many times over): the look of the theme's MUI chip, with white text on the green and orange.
 */
function LookChip({ look, size = 'small' }: { look: ChipLook; size?: ChipSize }) {
  return (
    <span className={classNames(styles.chip, chipColours[look.color], size === 'medium' && styles.chipMedium)}>
      {look.icon && <span className={styles.chipIcon}>{look.icon}</span>}
      <span className={styles.chipLabel}>{look.label}</span>
    </span>
  );
}

/** The label a payment status is shown with. */
export function getPaymentStatusLabel(status: string): string {
  return (paymentLooks[status] ?? fallbackLook(status)).label;
}

/** A payment's status (completed, pending, rejected, failed) as a coloured chip. */
export function PaymentStatusChip({ status, size }: { status: string; size?: ChipSize }) {
  return <LookChip look={paymentLooks[status] ?? fallbackLook(status)} size={size} />;
}

/** A pool membership's status (pending, approved, rejected) as a coloured chip. */
export function MembershipStatusChip({ status, size }: { status: string; size?: ChipSize }) {
  return <LookChip look={membershipLooks[status] ?? fallbackLook(status)} size={size} />;
}

/** The label an account's registration status is shown with. */
export function getRegistrationStatusLabel(status: string): string {
  return (registrationLooks[status] ?? fallbackLook(status)).label;
}

/** An account's registration status as a coloured chip. */
export function RegistrationStatusChip({ status, size }: { status: string; size?: ChipSize }) {
  return <LookChip look={registrationLooks[status] ?? fallbackLook(status)} size={size} />;
}
