import type { PaymentView } from '@letsema/domain';
import { formatRandAmount } from '@letsema/domain';
import ArrowDownward from '@mui/icons-material/ArrowDownward';
import ArrowUpward from '@mui/icons-material/ArrowUpward';
import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import TrendingUp from '@mui/icons-material/TrendingUp';
import Undo from '@mui/icons-material/Undo';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactElement } from 'react';
import { formatAdminDate } from '../lib/formatters';
import { PaymentStatusChip } from './status-chips';

const typeLooks: Record<string, { label: string; icon: ReactElement; color: string; tint: string }> = {
  contribution: { label: 'Contribution', icon: <ArrowUpward />, color: '#007AFF', tint: 'rgba(0, 122, 255, 0.1)' },
  return_payment: { label: 'Profit', icon: <TrendingUp />, color: '#248A3D', tint: 'rgba(52, 199, 89, 0.14)' },
  fee: { label: 'Fee', icon: <ReceiptLongOutlined />, color: '#C93400', tint: 'rgba(255, 149, 0, 0.14)' },
  withdrawal: { label: 'Withdrawal', icon: <ArrowDownward />, color: '#5856D6', tint: 'rgba(88, 86, 214, 0.12)' },
  refund: { label: 'Refund', icon: <Undo />, color: '#8E8E93', tint: 'rgba(142, 142, 147, 0.14)' },
  exit_payout: { label: 'Exit payout', icon: <ArrowDownward />, color: '#5856D6', tint: 'rgba(88, 86, 214, 0.12)' },
  loan_disbursement: {
    label: 'Loan paid out',
    icon: <ArrowDownward />,
    color: '#5856D6',
    tint: 'rgba(88, 86, 214, 0.12)',
  },
  loan_repayment: { label: 'Loan repayment', icon: <ArrowUpward />, color: '#007AFF', tint: 'rgba(0, 122, 255, 0.1)' },
  loan_penalty: {
    label: 'Late penalty',
    icon: <ReceiptLongOutlined />,
    color: '#C93400',
    tint: 'rgba(255, 149, 0, 0.14)',
  },
  correction: { label: 'Correction', icon: <Undo />, color: '#8E8E93', tint: 'rgba(142, 142, 147, 0.14)' },
};

/** A payment, or a row of Transactions, which also names how the statement reads it and where it is posted. */
type ListedPayment = Omit<PaymentView, 'poolId'> & {
  label?: string;
  reference?: string | null;
  date?: string;
};

/** The label of a transaction type ("Profit" for a return payment). */
export function getTransactionTypeLabel(type: string): string {
  return typeLooks[type]?.label ?? type.replace(/_/g, ' ');
}

/** Payments and other money movements, newest first: type, pool, method, date, amount, status and any reason. */
export function PaymentList({ payments, label }: { payments: readonly ListedPayment[]; label: string }) {
  return (
    <Box component="ul" aria-label={label} sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {payments.map((payment) => (
        <PaymentRow key={payment.id} payment={payment} />
      ))}
    </Box>
  );
}

function PaymentRow({ payment }: { payment: ListedPayment }) {
  const look = typeLooks[payment.type] ?? typeLooks.contribution!;
  const title = payment.label ?? getTransactionTypeLabel(payment.type);
  const details = [
    payment.poolName,
    payment.paymentMethod,
    formatAdminDate(payment.date ?? payment.createdAt),
    payment.reference,
  ].filter(Boolean);
  const reason = payment.status === 'rejected' || payment.status === 'failed' ? payment.failureReason : null;
  return (
    <Box
      component="li"
      aria-label={`${title} of ${formatRandAmount(payment.amount)}`}
      sx={{
        display: 'flex',
        alignItems: 'flex-start',
        gap: { xs: 1.5, sm: 2 },
        py: 2,
        '& + &': { borderTop: 1, borderColor: 'divider' },
      }}
    >
      <Box
        aria-hidden
        sx={{
          width: 40,
          height: 40,
          borderRadius: '50%',
          flexShrink: 0,
          bgcolor: look.tint,
          color: look.color,
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          '& svg': { fontSize: 20 },
        }}
      >
        {look.icon}
      </Box>
      <Box sx={{ minWidth: 0, flexGrow: 1 }}>
        <Typography sx={{ fontWeight: 600 }}>{title}</Typography>
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {details.join(' · ')}
        </Typography>
        {reason && (
          <Typography variant="body2" sx={{ color: 'error.main', mt: 0.5, overflowWrap: 'anywhere' }}>
            Reason: {reason}
          </Typography>
        )}
      </Box>
      <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-end', gap: 0.75, flexShrink: 0 }}>
        <Typography
          sx={{
            fontWeight: 700,
            whiteSpace: 'nowrap',
            textDecoration: payment.status === 'rejected' || payment.status === 'failed' ? 'line-through' : 'none',
            color: payment.status === 'rejected' || payment.status === 'failed' ? 'text.secondary' : 'text.primary',
          }}
        >
          {formatRandAmount(payment.amount)}
        </Typography>
        <PaymentStatusChip status={payment.status} />
      </Box>
    </Box>
  );
}
