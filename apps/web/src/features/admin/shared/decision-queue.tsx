import CheckCircleOutline from '@mui/icons-material/CheckCircleOutline';
import HighlightOff from '@mui/icons-material/HighlightOff';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTheme, type SxProps, type Theme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { InfiniteData, UseInfiniteQueryResult, UseMutationResult } from '@tanstack/react-query';
import { Fragment, useState, type ReactNode } from 'react';
import { EmptyState } from '../../../components/empty-state';
import { PageHeader } from '../../../components/page-header';
import { RejectReasonDialog } from '../../../components/reject-reason-dialog';
import { getErrorMessage } from '../../../lib/api-client';
import { getDisplayName } from '../../../lib/formatters';
import { useSuccessMessage } from '../../../lib/use-success-message';
import { RetryAlert } from '../../../components/retry-alert';
import { WaitingForChecker } from '../../../components/waiting-for-checker';
import type { DecisionRight } from '../../../lib/maker-checker';

/** An admin's decision on one waiting item: approve it, or reject it with a reason the member is told. */
export type QueueDecision = { id: string; action: 'approve' } | { id: string; action: 'reject'; reason: string };

/** An item waiting for a decision, and the member it belongs to. */
export interface QueueItem {
  id: string;
  user: { fullName: string | null; email: string };
}

/**
 * What an approval's review needs: the item, the state of its approval, and how to confirm it or
 * leave it undecided.
 */
export interface ApproveReview<T> {
  item: T;
  isPending: boolean;
  errorMessage: string | null;
  onClose: () => void;
  onConfirm: () => void;
}

/** A column of the wide table, between the member and the actions. */
export interface QueueColumn<T> {
  header: string;
  align?: 'right';
  sx?: SxProps<Theme>;
  render: (item: T) => ReactNode;
}

/** A line of a narrow screen's card: a term and its value. */
export interface QueueDetail<T> {
  term: string;
  render: (item: T) => ReactNode;
}

export interface DecisionQueuePageProps<T extends QueueItem> {
  title: string;
  subtitle: string;
  items: UseInfiniteQueryResult<InfiniteData<T[]>>;
  decision: UseMutationResult<unknown, Error, QueueDecision>;
  /** What an item is called in the buttons' accessible names ("Approve payment from …"). */
  itemName: string;
  /** The accessible name of the table or list. */
  listLabel: string;
  loadingLabel: string;
  loadFailedMessage: string;
  emptyState: { icon: ReactNode; title: string; text: string };
  messages: { approved: string; approveFailed: string; rejected: string; rejectFailed: string };
  columns: readonly QueueColumn<T>[];
  /** What a card shows on the right of the member. */
  renderCardAside: (item: T) => ReactNode;
  cardDetails: readonly QueueDetail<T>[];
  rejectTitle: string;
  /** What the reject dialog says about the item. */
  describeRejection: (item: T) => ReactNode;
  /**
   * When given, Approve first opens this review (the evidence beside the figures it backs), and the
   * item is approved only from there.
   */
  renderApproveReview?: (review: ApproveReview<T>) => ReactNode;
  /**
   * Whether the signed-in admin may decide an item (`getDecisionRight`); where not, the buttons are
   * replaced by the server's reason.
   */
  decisionRight?: (item: T) => DecisionRight;
}

/**
 * A queue of items members sent for an admin's decision, oldest first: a table on wide screens and
 * cards on narrow ones, each with Approve and Reject (which asks for a reason).
 */
export function DecisionQueuePage<T extends QueueItem>({
  title,
  subtitle,
  items,
  decision,
  itemName,
  listLabel,
  loadingLabel,
  loadFailedMessage,
  emptyState,
  messages,
  columns,
  renderCardAside,
  cardDetails,
  rejectTitle,
  describeRejection,
  renderApproveReview,
  decisionRight,
}: DecisionQueuePageProps<T>) {
  const success = useSuccessMessage();
  const [failure, setFailure] = useState<string | null>(null);
  const [rejecting, setRejecting] = useState<T | null>(null);
  const [rejectError, setRejectError] = useState<string | null>(null);
  const [reviewing, setReviewing] = useState<T | null>(null);
  const [reviewError, setReviewError] = useState<string | null>(null);
  const theme = useTheme();
  const isWide = useMediaQuery(theme.breakpoints.up('lg'), { noSsr: true });
  const rows = items.data?.pages.flat() ?? [];

  const approve = (item: T) => {
    setFailure(null);
    success.clear();
    decision.mutate(
      { id: item.id, action: 'approve' },
      {
        onSuccess: () => success.show(messages.approved),
        onError: (error) => setFailure(getErrorMessage(error, messages.approveFailed)),
      },
    );
  };
  const approveReviewed = () => {
    if (!reviewing) return;
    setReviewError(null);
    success.clear();
    decision.mutate(
      { id: reviewing.id, action: 'approve' },
      {
        onSuccess: () => {
          setReviewing(null);
          setFailure(null);
          success.show(messages.approved);
        },
        onError: (error) => setReviewError(getErrorMessage(error, messages.approveFailed)),
      },
    );
  };
  const reject = (reason: string) => {
    if (!rejecting) return;
    setRejectError(null);
    decision.mutate(
      { id: rejecting.id, action: 'reject', reason },
      {
        onSuccess: () => {
          setRejecting(null);
          setFailure(null);
          success.show(messages.rejected);
        },
        onError: (error) => setRejectError(getErrorMessage(error, messages.rejectFailed)),
      },
    );
  };
  const actions: RowActions<T> = {
    itemName,
    busyId: decision.isPending ? decision.variables.id : null,
    busyAction: decision.isPending ? decision.variables.action : null,
    onApprove: renderApproveReview
      ? (item) => {
          setReviewError(null);
          setReviewing(item);
        }
      : approve,
    onReject: (item) => {
      setRejectError(null);
      setRejecting(item);
    },
    ...(decisionRight ? { decisionRight } : {}),
  };

  return (
    <Box sx={{ maxWidth: 1200, mx: 'auto' }}>
      <PageHeader title={title} subtitle={subtitle} />

      <Box aria-live="polite">
        {success.message && (
          <Alert severity="success" sx={{ mb: 2 }} onClose={success.clear}>
            {success.message}
          </Alert>
        )}
      </Box>
      {failure && (
        <Alert severity="error" sx={{ mb: 2 }} onClose={() => setFailure(null)}>
          {failure}
        </Alert>
      )}
      {items.isError && (
        <RetryAlert sx={{ mb: 2 }} onRetry={() => void items.refetch()}>
          {getErrorMessage(items.error, loadFailedMessage)}
        </RetryAlert>
      )}

      {items.isPending && <LoadingRows label={loadingLabel} />}

      {items.isSuccess && rows.length === 0 && (
        <Paper>
          <EmptyState icon={emptyState.icon} title={emptyState.title} text={emptyState.text} />
        </Paper>
      )}

      {rows.length > 0 &&
        (isWide ? (
          <QueueTable rows={rows} label={listLabel} columns={columns} actions={actions} />
        ) : (
          <QueueCards
            rows={rows}
            label={listLabel}
            renderAside={renderCardAside}
            details={cardDetails}
            actions={actions}
          />
        ))}

      {items.hasNextPage && (
        <Box sx={{ display: 'flex', justifyContent: 'center', mt: 3 }}>
          <Button variant="outlined" onClick={() => void items.fetchNextPage()} disabled={items.isFetchingNextPage}>
            {items.isFetchingNextPage ? 'Loading…' : 'Load more'}
          </Button>
        </Box>
      )}

      {reviewing &&
        renderApproveReview?.({
          item: reviewing,
          isPending: decision.isPending && decision.variables.action === 'approve',
          errorMessage: reviewError,
          onClose: () => setReviewing(null),
          onConfirm: approveReviewed,
        })}

      <RejectReasonDialog
        isOpen={Boolean(rejecting)}
        title={rejectTitle}
        description={rejecting && describeRejection(rejecting)}
        isPending={decision.isPending && decision.variables.action === 'reject'}
        errorMessage={rejectError}
        onClose={() => setRejecting(null)}
        onConfirm={reject}
      />
    </Box>
  );
}

interface RowActions<T> {
  itemName: string;
  busyId: string | null;
  busyAction: 'approve' | 'reject' | null;
  onApprove: (item: T) => void;
  onReject: (item: T) => void;
  decisionRight?: (item: T) => DecisionRight;
}

function DecisionButtons<T extends QueueItem>({
  item,
  actions,
  isStretched = false,
}: {
  item: T;
  actions: RowActions<T>;
  isStretched?: boolean;
}) {
  const name = getDisplayName(item.user);
  const right = actions.decisionRight?.(item);
  if (right && !right.mayDecide) return <WaitingForChecker reason={right.reason} />;
  const isBusy = actions.busyId !== null;
  const isApproving = actions.busyId === item.id && actions.busyAction === 'approve';
  return (
    <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end', '& > *': isStretched ? { flex: 1 } : {} }}>
      <Button
        size="small"
        variant="contained"
        color="success"
        onClick={() => actions.onApprove(item)}
        disabled={isBusy}
        aria-label={`Approve ${actions.itemName} from ${name}`}
        startIcon={
          isApproving ? (
            <CircularProgress size={14} color="inherit" />
          ) : isStretched ? (
            <CheckCircleOutline />
          ) : undefined
        }
        sx={{ color: '#fff', whiteSpace: 'nowrap', px: isStretched ? 2.5 : 1.75 }}
      >
        {isApproving ? 'Approving…' : 'Approve'}
      </Button>
      <Button
        size="small"
        variant="outlined"
        color="error"
        onClick={() => actions.onReject(item)}
        disabled={isBusy}
        aria-label={`Reject ${actions.itemName} from ${name}`}
        startIcon={isStretched ? <HighlightOff /> : undefined}
        sx={{ whiteSpace: 'nowrap', px: isStretched ? 2.5 : 1.75 }}
      >
        Reject
      </Button>
    </Box>
  );
}

function MemberCell({ user }: { user: QueueItem['user'] }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{getDisplayName(user)}</Typography>
      <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
        {user.email}
      </Typography>
    </Box>
  );
}

function QueueTable<T extends QueueItem>({
  rows,
  label,
  columns,
  actions,
}: {
  rows: T[];
  label: string;
  columns: readonly QueueColumn<T>[];
  actions: RowActions<T>;
}) {
  return (
    <TableContainer component={Paper}>
      <Table
        sx={{
          '& .MuiTableCell-root': { px: 1.5 },
          '& .MuiTableCell-root:first-of-type': { pl: 2.5 },
          '& .MuiTableCell-root:last-of-type': { pr: 2.5 },
        }}
        aria-label={label}
      >
        <TableHead>
          <TableRow sx={{ '& th': { fontWeight: 600, color: 'text.secondary', whiteSpace: 'nowrap' } }}>
            <TableCell>Member</TableCell>
            {columns.map((column) => (
              <TableCell key={column.header} align={column.align}>
                {column.header}
              </TableCell>
            ))}
            <TableCell align="right">Actions</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((item) => (
            <TableRow key={item.id} hover sx={{ '&:last-child td': { borderBottom: 0 } }}>
              <TableCell sx={{ minWidth: 190 }}>
                <MemberCell user={item.user} />
              </TableCell>
              {columns.map((column) => (
                <TableCell key={column.header} align={column.align} sx={column.sx}>
                  {column.render(item)}
                </TableCell>
              ))}
              <TableCell align="right">
                <DecisionButtons item={item} actions={actions} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

function QueueCards<T extends QueueItem>({
  rows,
  label,
  renderAside,
  details,
  actions,
}: {
  rows: T[];
  label: string;
  renderAside: (item: T) => ReactNode;
  details: readonly QueueDetail<T>[];
  actions: RowActions<T>;
}) {
  return (
    <Stack component="ul" aria-label={label} spacing={2} sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {rows.map((item) => (
        <Paper component="li" key={item.id} sx={{ p: 2 }}>
          <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'flex-start', gap: 1.5 }}>
            <MemberCell user={item.user} />
            {renderAside(item)}
          </Box>
          <Box
            component="dl"
            sx={{
              m: 0,
              mt: 1.5,
              display: 'grid',
              gridTemplateColumns: 'auto minmax(0, 1fr)',
              columnGap: 2,
              rowGap: 0.5,
              '& dt': { color: 'text.secondary', fontSize: '0.875rem' },
              '& dd': { m: 0, fontSize: '0.875rem', fontWeight: 500, overflowWrap: 'anywhere' },
            }}
          >
            {details.map((detail) => (
              <Fragment key={detail.term}>
                <dt>{detail.term}</dt>
                <dd>{detail.render(item)}</dd>
              </Fragment>
            ))}
          </Box>
          <Box sx={{ mt: 2 }}>
            <DecisionButtons item={item} actions={actions} isStretched />
          </Box>
        </Paper>
      ))}
    </Stack>
  );
}

function LoadingRows({ label }: { label: string }) {
  return (
    <Paper role="status" aria-label={label} sx={{ p: 2 }}>
      {[0, 1, 2].map((index) => (
        <Box key={index} sx={{ display: 'flex', alignItems: 'center', gap: 2, py: 1.5 }}>
          <Box sx={{ flexGrow: 1 }}>
            <Skeleton width="30%" />
            <Skeleton width="50%" />
          </Box>
          <Skeleton width={90} height={36} />
          <Skeleton width={90} height={36} />
        </Box>
      ))}
    </Paper>
  );
}
