import AccountBalanceWalletOutlined from '@mui/icons-material/AccountBalanceWalletOutlined';
import CalendarMonthOutlined from '@mui/icons-material/CalendarMonthOutlined';
import FlagOutlined from '@mui/icons-material/FlagOutlined';
import GroupsOutlined from '@mui/icons-material/GroupsOutlined';
import { formatRandAmount } from '@letsema/domain';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import {
  formatDuration,
  formatMembers,
  readContributionPlans,
  readPaymentMethods,
  type PoolView,
} from '../../../../components/pools/pool-display';
import { ContributionPlanList, PaymentMethodChips } from '../../../../components/pools/pool-terms-lists';
import { formatAdminDate, formatAdminDateTime } from '../../../../lib/formatters';

/** The pool's figures, payment methods, contribution plans and timeline, as cards. */
export function PoolOverview({ pool }: { pool: PoolView }) {
  const methods = readPaymentMethods(pool);
  const plans = readContributionPlans(pool);

  return (
    <>
      <Box
        component="ul"
        aria-label="Pool figures"
        sx={{
          listStyle: 'none',
          p: 0,
          m: 0,
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(4, minmax(0, 1fr))' },
        }}
      >
        <FigureCard
          icon={<FlagOutlined />}
          tint="rgba(0, 122, 255, 0.1)"
          color="#007AFF"
          label="Target Amount"
          value={formatRandAmount(pool.targetAmount)}
        />
        <FigureCard
          icon={<AccountBalanceWalletOutlined />}
          tint="rgba(52, 199, 89, 0.14)"
          color="#248A3D"
          label="Current Amount"
          value={formatRandAmount(pool.currentAmount)}
        />
        <FigureCard
          icon={<GroupsOutlined />}
          tint="rgba(88, 86, 214, 0.12)"
          color="#5856D6"
          label="Members"
          value={formatMembers(pool)}
        />
        <FigureCard
          icon={<CalendarMonthOutlined />}
          tint="rgba(255, 149, 0, 0.14)"
          color="#C93400"
          label="Duration"
          value={formatDuration(pool.investmentDuration)}
        />
      </Box>

      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', md: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(3, minmax(0, 1fr))' },
        }}
      >
        <OverviewCard title="Accepted Payment Methods">
          <PaymentMethodChips methods={methods} emptyText="No payment methods yet." />
        </OverviewCard>

        <OverviewCard title="Contribution Plans" subtitle="Instalment for one share">
          <ContributionPlanList plans={plans} emptyText="No contribution plans yet." isDense />
        </OverviewCard>

        <OverviewCard title="Pool Timeline">
          <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.75 }}>
            <TimelineEntry
              label="Created"
              value={formatAdminDate(pool.createdAt)}
              detail={pool.createdBy ? `by ${pool.createdBy}` : undefined}
            />
            {pool.approvedAt && (
              <TimelineEntry
                label="Approved"
                value={formatAdminDate(pool.approvedAt)}
                detail={pool.approvedBy ? `by ${pool.approvedBy}` : undefined}
              />
            )}
            <TimelineEntry label="Last updated" value={formatAdminDateTime(pool.updatedAt)} />
          </Box>
        </OverviewCard>
      </Box>
    </>
  );
}

function FigureCard({
  icon,
  tint,
  color,
  label,
  value,
}: {
  icon: ReactNode;
  tint: string;
  color: string;
  label: string;
  value: string;
}) {
  return (
    <Paper component="li" aria-label={label} sx={{ p: { xs: 2, sm: 2.5 }, minWidth: 0 }}>
      <Box
        aria-hidden
        sx={{
          width: 40,
          height: 40,
          borderRadius: 2.5,
          bgcolor: tint,
          color,
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          mb: 1.5,
          '& svg': { fontSize: 22 },
        }}
      >
        {icon}
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ fontWeight: 500 }}>
        {label}
      </Typography>
      <Typography sx={{ fontWeight: 700, fontSize: { xs: '1.05rem', sm: '1.375rem' }, overflowWrap: 'anywhere' }}>
        {value}
      </Typography>
    </Paper>
  );
}

function OverviewCard({ title, subtitle, children }: { title: string; subtitle?: string; children: ReactNode }) {
  return (
    <Paper component="section" aria-label={title} sx={{ p: { xs: 2.5, sm: 3 }, minWidth: 0 }}>
      <Typography variant="h5" component="h3">
        {title}
      </Typography>
      {subtitle && (
        <Typography variant="body2" color="text.secondary">
          {subtitle}
        </Typography>
      )}
      <Box sx={{ mt: 2 }}>{children}</Box>
    </Paper>
  );
}

function TimelineEntry({ label, value, detail }: { label: string; value: string; detail?: string | undefined }) {
  return (
    <Box component="li" sx={{ display: 'flex', gap: 1.5 }}>
      <Box
        aria-hidden
        sx={{ width: 10, height: 10, mt: 0.75, borderRadius: '50%', bgcolor: 'primary.main', flexShrink: 0 }}
      />
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="body2" color="text.secondary">
          {label}
        </Typography>
        <Typography sx={{ fontWeight: 600 }}>{value}</Typography>
        {detail && (
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {detail}
          </Typography>
        )}
      </Box>
    </Box>
  );
}
