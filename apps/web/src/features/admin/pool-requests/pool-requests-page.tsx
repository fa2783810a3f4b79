import { formatRandAmount, frequencyLabels, type PaymentFrequency } from '@letsema/domain';
import GroupAddOutlined from '@mui/icons-material/GroupAddOutlined';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { formatAdminDate, getDisplayName } from '../../../lib/formatters';
import { DecisionQueuePage, type QueueColumn, type QueueDetail } from '../shared/decision-queue';
import { usePoolRequestDecision, usePoolRequests, type PoolRequest } from './api';

const planNames: Record<string, string> = {
  monthly: 'Monthly',
  quarterly: 'Quarterly',
  yearly: 'Yearly',
  once: 'Once-off',
};

function getPlanName(plan: string): string {
  return planNames[plan] ?? plan;
}

/** The instalment with its frequency: `R 833.33 per month`. */
function formatInstalment(request: PoolRequest): string {
  const label = frequencyLabels[request.installmentPlan as PaymentFrequency];
  return label
    ? `${formatRandAmount(request.contributionAmount)} ${label}`
    : formatRandAmount(request.contributionAmount);
}

function formatShares(count: number): string {
  return `${count} ${count === 1 ? 'share' : 'shares'}`;
}

function PlanChip({ request }: { request: PoolRequest }) {
  return <Chip label={getPlanName(request.installmentPlan)} size="small" color="primary" variant="outlined" />;
}

const columns: QueueColumn<PoolRequest>[] = [
  {
    header: 'Pool',
    render: (request) => (
      <>
        <Typography sx={{ fontWeight: 500 }}>{request.pool.name}</Typography>
        <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
          Target {formatRandAmount(request.pool.targetAmount)}
        </Typography>
      </>
    ),
  },
  {
    header: 'Installment Plan',
    render: (request) => (
      <>
        <PlanChip request={request} />
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5, whiteSpace: 'nowrap' }}>
          {formatShares(request.numberOfShares)}
        </Typography>
      </>
    ),
  },
  {
    header: 'Amount',
    align: 'right',
    render: (request) => (
      <>
        <Typography sx={{ fontWeight: 700 }}>{formatInstalment(request)}</Typography>
        <Typography variant="body2" color="text.secondary">
          Total {formatRandAmount(request.totalCommitment)}
        </Typography>
      </>
    ),
  },
  { header: 'Date', sx: { whiteSpace: 'nowrap' }, render: (request) => formatAdminDate(request.createdAt) },
];

const cardDetails: QueueDetail<PoolRequest>[] = [
  {
    term: 'Pool',
    render: (request) => (
      <>
        {request.pool.name} · Target {formatRandAmount(request.pool.targetAmount)}
      </>
    ),
  },
  { term: 'Shares', render: (request) => formatShares(request.numberOfShares) },
  {
    term: 'Amount',
    render: (request) => (
      <>
        <strong>{formatInstalment(request)}</strong> · Total {formatRandAmount(request.totalCommitment)}
      </>
    ),
  },
  { term: 'Date', render: (request) => formatAdminDate(request.createdAt) },
];

/** Pool Membership Requests (spec admin screen 8): approve or reject members' requests to join. */
export function PoolRequestsPage() {
  const requests = usePoolRequests();
  const decision = usePoolRequestDecision();
  return (
    <DecisionQueuePage
      title="Pool Membership Requests"
      subtitle="Members asking to join a pool. Approving takes their shares from the pool. Oldest first."
      items={requests}
      decision={decision}
      itemName="request"
      listLabel="Pending membership requests"
      loadingLabel="Loading pool requests"
      loadFailedMessage="Failed to load pool requests"
      emptyState={{
        icon: <GroupAddOutlined />,
        title: 'No pending membership requests',
        text: 'Requests to join a pool appear here for you to approve.',
      }}
      messages={{
        approved: 'Membership approved successfully!',
        approveFailed: 'Failed to approve membership',
        rejected: 'Membership rejected',
        rejectFailed: 'Failed to reject membership',
      }}
      columns={columns}
      renderCardAside={(request) => <PlanChip request={request} />}
      cardDetails={cardDetails}
      rejectTitle="Reject membership request"
      describeRejection={(request) => (
        <>
          <strong>{getDisplayName(request.user)}</strong>&apos;s request for {formatShares(request.numberOfShares)} in{' '}
          <strong>{request.pool.name}</strong> will be rejected. The member is told the reason and may send a new
          request.
        </>
      )}
    />
  );
}
