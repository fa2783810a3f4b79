import AccountBalanceOutlined from '@mui/icons-material/AccountBalanceOutlined';
import ArrowForward from '@mui/icons-material/ArrowForward';
import EditNoteOutlined from '@mui/icons-material/EditNoteOutlined';
import ExitToAppOutlined from '@mui/icons-material/ExitToAppOutlined';
import GroupAddOutlined from '@mui/icons-material/GroupAddOutlined';
import HowToRegOutlined from '@mui/icons-material/HowToRegOutlined';
import LockOpenOutlined from '@mui/icons-material/LockOpenOutlined';
import LockResetOutlined from '@mui/icons-material/LockResetOutlined';
import ManageAccountsOutlined from '@mui/icons-material/ManageAccountsOutlined';
import MoneyOffOutlined from '@mui/icons-material/MoneyOffOutlined';
import PaymentsOutlined from '@mui/icons-material/PaymentsOutlined';
import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import SavingsOutlined from '@mui/icons-material/SavingsOutlined';
import TrendingUpOutlined from '@mui/icons-material/TrendingUpOutlined';
import UndoOutlined from '@mui/icons-material/UndoOutlined';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { queuesFor, type QueueKey } from '@letsema/domain';
import type { ReactElement } from 'react';
import { Link as RouterLink } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { MonthChart } from '../../../components/month-chart';
import { getErrorMessage } from '../../../lib/api-client';
import { getDisplayName } from '../../../lib/formatters';
import { canOpenAdminPage } from '../../../shell/admin-nav';
import { useShellUser } from '../../../shell/shell-context';
import { useMonthlyBooks, usePendingCounts } from './api';
import { getPendingTiles, getTotalPending, type PendingTile } from './pending-tiles';
import { RetryAlert } from '../../../components/retry-alert';

const blue = { color: '#007AFF', tint: 'rgba(0, 122, 255, 0.1)' };
const green = { color: '#248A3D', tint: 'rgba(52, 199, 89, 0.14)' };
const teal = { color: '#0071A4', tint: 'rgba(50, 173, 230, 0.14)' };
const orange = { color: '#C93400', tint: 'rgba(255, 149, 0, 0.14)' };
const indigo = { color: '#5856D6', tint: 'rgba(88, 86, 214, 0.12)' };
const red = { color: '#D70015', tint: 'rgba(255, 59, 48, 0.1)' };

const tileLooks: Record<QueueKey, { icon: ReactElement; color: string; tint: string }> = {
  registrations: { icon: <HowToRegOutlined />, ...blue },
  corrections: { icon: <EditNoteOutlined />, ...blue },
  passwordResets: { icon: <LockResetOutlined />, ...indigo },
  poolRequests: { icon: <GroupAddOutlined />, ...teal },
  payments: { icon: <PaymentsOutlined />, ...green },
  loanRepayments: { icon: <PaymentsOutlined />, ...blue },
  loans: { icon: <AccountBalanceOutlined />, ...orange },
  loanWaivers: { icon: <MoneyOffOutlined />, ...orange },
  withdrawals: { icon: <SavingsOutlined />, ...indigo },
  exits: { icon: <ExitToAppOutlined />, ...red },
  expenses: { icon: <ReceiptLongOutlined />, ...red },
  expenseReversals: { icon: <UndoOutlined />, ...red },
  income: { icon: <TrendingUpOutlined />, ...green },
  incomeReversals: { icon: <UndoOutlined />, ...green },
  monthRequests: { icon: <LockOpenOutlined />, ...teal },
  staffGrants: { icon: <ManageAccountsOutlined />, ...indigo },
};

export function AdminDashboardPage() {
  const user = useShellUser();
  const counts = usePendingCounts();
  const tiles = counts.data ? getPendingTiles(counts.data, user) : null;
  const total = tiles ? getTotalPending(tiles) : null;
  // Until the counts come, the queues the admin's roles decide, each with a placeholder.
  const shown: (Omit<PendingTile, 'count'> & { count?: number })[] =
    tiles ?? queuesFor(user).filter((queue) => canOpenAdminPage(user, queue.path));

  return (
    <Box sx={{ maxWidth: 1200, mx: 'auto' }}>
      <PageHeader title="Dashboard" subtitle={`Welcome back, ${getDisplayName(user)}. ${describeTotal(total)}`} />

      {counts.isError && (
        <RetryAlert sx={{ mb: 3 }} onRetry={() => void counts.refetch()}>
          {getErrorMessage(counts.error, 'Failed to load data')}
        </RetryAlert>
      )}

      {shown.length > 0 && (
        <Typography variant="h5" component="h2" sx={{ mb: 1.5 }}>
          Waiting for review
        </Typography>
      )}
      <Box
        component="ul"
        aria-label="Pending counts"
        sx={{
          listStyle: 'none',
          p: 0,
          m: 0,
          display: 'grid',
          gap: 2,
          gridTemplateColumns: {
            xs: '1fr',
            sm: 'repeat(2, minmax(0, 1fr))',
            md: 'repeat(3, minmax(0, 1fr))',
          },
        }}
      >
        {shown.map((tile) => {
          const look = tileLooks[tile.key];
          return (
            <li key={tile.key}>
              <Card sx={{ height: '100%' }}>
                <CardActionArea
                  component={RouterLink}
                  to={tile.path}
                  sx={{
                    height: '100%',
                    p: { xs: 2, sm: 2.5 },
                    display: 'grid',
                    alignContent: 'start',
                    alignItems: { xs: 'center', sm: 'start' },
                    columnGap: 2,
                    rowGap: { xs: 0, sm: 2 },
                    // A row on phones, a tall tile from sm.
                    gridTemplateAreas: { xs: '"icon text count"', sm: '"icon arrow" "count count" "text text"' },
                    gridTemplateColumns: { xs: 'auto minmax(0, 1fr) auto', sm: 'minmax(0, 1fr) auto' },
                  }}
                >
                  <Box
                    aria-hidden
                    sx={{
                      gridArea: 'icon',
                      width: 44,
                      height: 44,
                      borderRadius: 2.5,
                      bgcolor: look.tint,
                      color: look.color,
                      display: 'flex',
                      alignItems: 'center',
                      justifyContent: 'center',
                    }}
                  >
                    {look.icon}
                  </Box>
                  <ArrowForward
                    aria-hidden
                    sx={{
                      gridArea: 'arrow',
                      display: { xs: 'none', sm: 'block' },
                      color: 'text.secondary',
                      fontSize: 20,
                    }}
                  />
                  <Typography
                    data-testid={`pending-count-${tile.key}`}
                    sx={{
                      gridArea: 'count',
                      fontSize: { xs: '1.75rem', sm: '2rem' },
                      fontWeight: 700,
                      lineHeight: 1.1,
                    }}
                  >
                    {tile.count ?? (counts.isError ? '--' : <Skeleton width={40} />)}
                  </Typography>
                  <Box sx={{ gridArea: 'text', minWidth: 0, mt: { sm: -1.5 } }}>
                    <Typography sx={{ fontWeight: 600 }}>{tile.label}</Typography>
                    <Typography variant="body2" color="text.secondary">
                      {tile.description}
                    </Typography>
                  </Box>
                </CardActionArea>
              </Card>
            </li>
          );
        })}
      </Box>
      <BooksCharts />
    </Box>
  );
}

/** The pools' value and the monthly income against expenses, from the ledger. */
function BooksCharts() {
  const monthly = useMonthlyBooks();
  if (monthly.isError) {
    return (
      <RetryAlert sx={{ mt: 3 }} onRetry={() => void monthly.refetch()}>
        {getErrorMessage(monthly.error, 'The monthly figures could not be loaded')}
      </RetryAlert>
    );
  }
  if (!monthly.data) return null;
  const periods = monthly.data.map((row) => row.period);
  return (
    <Box
      component="section"
      aria-label="The books month by month"
      sx={{ mt: 3, display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}
    >
      <MonthChart
        title="Value of the pools at each month end"
        periods={periods}
        series={[{ label: 'Value', values: monthly.data.map((row) => row.value), colour: '#0066D6', type: 'line' }]}
      />
      <MonthChart
        title="Income and expenses by month"
        periods={periods}
        series={[
          { label: 'Income', values: monthly.data.map((row) => row.income), colour: '#1F7A35', type: 'bar' },
          { label: 'Expenses', values: monthly.data.map((row) => row.expenses), colour: '#D70015', type: 'bar' },
        ]}
      />
    </Box>
  );
}

function describeTotal(total: number | null): string {
  if (total === null) return 'Here is what is waiting for review.';
  if (total === 0) return 'Nothing is waiting for review.';
  return `${total} ${total === 1 ? 'item is' : 'items are'} waiting for review.`;
}
