import { transactionTabs } from '@letsema/domain';
import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { EmptyState } from '../../components/empty-state';
import { PageHeader } from '../../components/page-header';
import { PaymentList } from '../../components/payment-list';
import { getErrorMessage } from '../../lib/api-client';
import { useTransactionCounts, useTransactions } from './api';
import { countTabs, getEmptyText, type TransactionTabKey } from './transaction-rules';
import { RetryAlert } from '../../components/retry-alert';

/**
 * The member's money movements, a tab per kind. Each tab's count is every transaction of its kind,
 * counted by the server over all of them, and each tab lists its own kind a page at a time.
 */
export function TransactionsPage() {
  const [tab, setTab] = useState<TransactionTabKey>('all');
  const transactions = useTransactions(tab);
  const counts = useTransactionCounts();
  const isPhone = useMediaQuery(useTheme().breakpoints.down('sm'), { noSsr: true });
  const tabCounts = counts.data ? countTabs(counts.data) : null;
  const shown = transactions.data?.pages.flat() ?? [];
  const tabLabel = transactionTabs.find((t) => t.key === tab)?.label ?? 'All';
  const failure = transactions.error ?? counts.error;

  return (
    <Box sx={{ maxWidth: 900, mx: 'auto' }}>
      <PageHeader
        title="Transactions"
        subtitle="Every contribution, profit, fee, withdrawal, refund and loan movement, as on your statement."
        actions={
          <Button component={RouterLink} to="/statements" variant="outlined">
            Statements
          </Button>
        }
      />

      {failure && (
        <RetryAlert
          sx={{ mb: 3 }}
          onRetry={() => {
            if (transactions.isError) void transactions.refetch();
            if (counts.isError) void counts.refetch();
          }}
        >
          {getErrorMessage(failure, 'Failed to load transactions')}
        </RetryAlert>
      )}

      <Paper sx={{ overflow: 'hidden' }}>
        <Tabs
          value={tab}
          onChange={(_event, next: TransactionTabKey) => setTab(next)}
          variant="scrollable"
          // On a phone the arrows show that more tabs lie past the edge (MUI hides them there by default).
          // They are always there on a phone: drawn only once the tabs were found to overflow, they
          // pushed the tabs aside under a finger already on its way to one.
          scrollButtons={isPhone}
          allowScrollButtonsMobile
          aria-label="Transaction types"
          sx={{ borderBottom: 1, borderColor: 'divider', px: { xs: 0, sm: 1 } }}
        >
          {transactionTabs.map((t) => (
            <Tab
              key={t.key}
              value={t.key}
              label={tabCounts ? `${t.label} (${tabCounts[t.key]})` : t.label}
              id={`transactions-tab-${t.key}`}
              aria-controls="transactions-panel"
              sx={{ textTransform: 'none', fontWeight: 600, minHeight: 52 }}
            />
          ))}
        </Tabs>
        <Box
          role="tabpanel"
          id="transactions-panel"
          aria-labelledby={`transactions-tab-${tab}`}
          sx={{ px: { xs: 2, sm: 3 }, py: 1 }}
        >
          {transactions.isPending && <ListSkeleton />}
          {transactions.isSuccess && shown.length === 0 && (
            <EmptyState
              icon={<ReceiptLongOutlined />}
              title={getEmptyText(tab)}
              text={
                tab === 'all'
                  ? 'Your payments and other money movements will appear here.'
                  : 'Transactions of this kind will appear here.'
              }
              action={
                tab === 'all' ? (
                  <Button component={RouterLink} to="/payments" variant="contained">
                    Make Payment
                  </Button>
                ) : undefined
              }
            />
          )}
          {shown.length > 0 && <PaymentList payments={shown} label={`${tabLabel} transactions`} />}
          {transactions.hasNextPage && (
            <Box sx={{ display: 'flex', justifyContent: 'center', py: 2 }}>
              <Button
                variant="outlined"
                onClick={() => void transactions.fetchNextPage()}
                disabled={transactions.isFetchingNextPage}
              >
                {transactions.isFetchingNextPage ? 'Loading…' : 'Load more'}
              </Button>
            </Box>
          )}
        </Box>
      </Paper>
    </Box>
  );
}

function ListSkeleton() {
  return (
    <Box role="status" aria-label="Loading transactions">
      {[0, 1, 2, 3].map((index) => (
        <Box key={index} sx={{ display: 'flex', alignItems: 'center', gap: 2, py: 1.5 }}>
          <Skeleton variant="circular" width={40} height={40} />
          <Box sx={{ flexGrow: 1 }}>
            <Skeleton width="35%" />
            <Skeleton width="60%" />
          </Box>
          <Skeleton width={80} />
        </Box>
      ))}
    </Box>
  );
}
