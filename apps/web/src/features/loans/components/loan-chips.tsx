import type { LoanStatus, RepaymentStatus } from '@letsema/domain';
import Cancel from '@mui/icons-material/Cancel';
import CheckCircle from '@mui/icons-material/CheckCircle';
import ErrorOutline from '@mui/icons-material/ErrorOutline';
import HourglassTop from '@mui/icons-material/HourglassTop';
import Chip from '@mui/material/Chip';
import type { ReactElement } from 'react';
import { loanStatusTones, type InstalmentState, type LoanStatusTone } from '../loan-rules';

const toneIcons: Record<LoanStatusTone, ReactElement | undefined> = {
  success: <CheckCircle />,
  warning: <HourglassTop />,
  error: <Cancel />,
  primary: <CheckCircle />,
  default: undefined,
};

/** A coloured status chip; white text on the light colours, as the other status chips have it. */
function ToneChip({ label, tone, icon }: { label: string; tone: LoanStatusTone; icon?: ReactElement }) {
  const isLight = tone === 'success' || tone === 'warning';
  return (
    <Chip
      size="small"
      label={label}
      color={tone}
      icon={icon ?? toneIcons[tone]}
      sx={{
        fontWeight: 600,
        flexShrink: 0,
        ...(isLight ? { color: '#fff', '& .MuiChip-icon': { color: '#fff' } } : {}),
      }}
    />
  );
}

/** A loan's status with the label the server gives it. */
export function LoanStatusChip({ status, label }: { status: LoanStatus; label: string }) {
  return <ToneChip label={label} tone={loanStatusTones[status] ?? 'default'} />;
}

const repaymentTones: Record<RepaymentStatus, LoanStatusTone> = {
  pending: 'warning',
  approved: 'success',
  rejected: 'error',
};

export function RepaymentStatusChip({ status, label }: { status: RepaymentStatus; label: string }) {
  return <ToneChip label={label} tone={repaymentTones[status] ?? 'default'} />;
}

const instalmentTones: Record<InstalmentState, LoanStatusTone> = {
  paid: 'success',
  overdue: 'error',
  partly_paid: 'warning',
  next: 'primary',
  upcoming: 'default',
};

export function InstalmentStateChip({ state, label }: { state: InstalmentState; label: string }) {
  return (
    <ToneChip
      label={label}
      tone={instalmentTones[state]}
      icon={
        state === 'overdue' ? <ErrorOutline /> : state === 'upcoming' || state === 'next' ? <HourglassTop /> : undefined
      }
    />
  );
}
