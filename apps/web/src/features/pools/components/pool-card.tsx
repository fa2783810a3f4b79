import CalendarMonthOutlined from '@mui/icons-material/CalendarMonthOutlined';
import GroupsOutlined from '@mui/icons-material/GroupsOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { FundingProgress } from '../../../components/pools/funding-progress';
import { OpenPoolButton } from '../../../components/pools/open-pool-button';
import {
  describePlan,
  formatDuration,
  formatMembers,
  isDraftPool,
  readContributionPlans,
  readPaymentMethods,
  truncateDescription,
  type PoolView,
} from '../../../components/pools/pool-display';
import { PoolStatusChip } from '../../../components/pools/pool-status-chip';

/** A pool on the pools page: what it is, how far it is funded and how members pay. */
export function PoolCard({
  pool,
  canApprove,
  isApproving,
  onApprove,
}: {
  pool: PoolView;
  /** Whether this user may open a draft ('Approve & Open'). */
  canApprove: boolean;
  isApproving: boolean;
  /** Opens the draft once the admin has confirmed; `close` closes the question when it is answered. */
  onApprove: (close: () => void) => void;
}) {
  const plans = readContributionPlans(pool);
  const methods = readPaymentMethods(pool);
  const isDraft = isDraftPool(pool);
  const headingId = `pool-${pool.id}-name`;

  return (
    <Card
      component="article"
      aria-labelledby={headingId}
      sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}
    >
      <Box sx={{ p: { xs: 2, sm: 2.5 }, flexGrow: 1, display: 'flex', flexDirection: 'column', gap: 2 }}>
        <Box sx={{ display: 'flex', alignItems: 'flex-start', justifyContent: 'space-between', gap: 1.5 }}>
          <Link
            id={headingId}
            component={RouterLink}
            to={`/pools/${pool.id}`}
            underline="hover"
            color="text.primary"
            variant="h5"
            sx={{ overflowWrap: 'anywhere' }}
          >
            {pool.name}
          </Link>
          <PoolStatusChip status={pool.status} />
        </Box>

        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {truncateDescription(pool.description)}
        </Typography>

        <FundingProgress pool={pool} />

        <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', gap: 1.5 }}>
          <Fact icon={<CalendarMonthOutlined />} label="Duration" value={formatDuration(pool.investmentDuration)} />
          <Fact icon={<GroupsOutlined />} label="Members" value={formatMembers(pool)} />
        </Box>

        <Divider />

        <ChipList label="Payment options" empty="No payment options yet">
          {plans.map((plan) => (
            <Chip
              key={plan.frequency}
              size="small"
              label={describePlan(plan)}
              sx={{ bgcolor: 'rgba(88, 86, 214, 0.1)', color: '#3634A3' }}
            />
          ))}
        </ChipList>
        <ChipList label="Payment methods" empty="No payment methods yet">
          {methods.map((method) => (
            <Chip key={method} size="small" variant="outlined" label={method} sx={{ maxWidth: '100%' }} />
          ))}
        </ChipList>
      </Box>

      <Box
        sx={{
          px: { xs: 2, sm: 2.5 },
          pb: { xs: 2, sm: 2.5 },
          display: 'flex',
          gap: 1,
          flexWrap: 'wrap',
          justifyContent: 'flex-end',
        }}
      >
        {isDraft && canApprove && <OpenPoolButton pool={pool} isPending={isApproving} onConfirm={onApprove} />}
        <Button
          variant="outlined"
          component={RouterLink}
          to={`/pools/${pool.id}`}
          aria-label={`View details of ${pool.name}`}
        >
          View Details
        </Button>
      </Box>
    </Card>
  );
}

function Fact({ icon, label, value }: { icon: ReactNode; label: string; value: string }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 0 }}>
      <Box aria-hidden sx={{ color: 'text.secondary', display: 'flex', '& svg': { fontSize: 20 } }}>
        {icon}
      </Box>
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="caption" color="text.secondary" sx={{ display: 'block', lineHeight: 1.2 }}>
          {label}
        </Typography>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {value}
        </Typography>
      </Box>
    </Box>
  );
}

function ChipList({ label, empty, children }: { label: string; empty: string; children: ReactNode[] }) {
  return (
    <Box>
      <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mb: 0.75, fontWeight: 600 }}>
        {label}
      </Typography>
      {children.length > 0 ? (
        <Box
          component="ul"
          aria-label={label}
          sx={{ listStyle: 'none', p: 0, m: 0, display: 'flex', flexWrap: 'wrap', gap: 0.75 }}
        >
          {children.map((child, index) => (
            <Box component="li" key={index} sx={{ maxWidth: '100%' }}>
              {child}
            </Box>
          ))}
        </Box>
      ) : (
        <Typography variant="body2" color="text.secondary">
          {empty}
        </Typography>
      )}
    </Box>
  );
}
