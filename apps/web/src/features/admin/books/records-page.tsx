import {
  expenseCategories,
  expenseCategoryLabels,
  formatRandAmount,
  incomeCategories,
  incomeCategoryLabels,
  randAmountToCents,
  recordMessages,
  reverseRecordBody,
  singleChecker,
} from '@letsema/domain';
import Add from '@mui/icons-material/Add';
import Download from '@mui/icons-material/Download';
import ReceiptOutlined from '@mui/icons-material/ReceiptOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Pagination from '@mui/material/Pagination';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import DialogContent from '@mui/material/DialogContent';
import { ActionDialog, ActionDialogButtons } from '../../../components/action-dialog';
import { EmptyState } from '../../../components/empty-state';
import { WaitingForChecker } from '../../../components/waiting-for-checker';
import { PageHeader } from '../../../components/page-header';
import { RejectReasonDialog } from '../../../components/reject-reason-dialog';
import { RetryAlert } from '../../../components/retry-alert';
import { getErrorMessage } from '../../../lib/api-client';
import { formatAdminDate } from '../../../lib/formatters';
import { getDecisionRight } from '../../../lib/maker-checker';
import { useSuccessMessage } from '../../../lib/use-success-message';
import { useShellUser } from '../../../shell/shell-context';
import {
  downloadDocument,
  RECORD_PAGE_SIZE,
  useDecideRecord,
  useExportRecords,
  useRecordPage,
  type BookRecord,
  type RecordFilters,
  type RecordKind,
} from './api';
import { RecordDialog } from './record-dialog';

const STATUS_COLOURS = { pending: 'warning', approved: 'success', rejected: 'error', reversed: 'default' } as const;
const STATUS_LABELS = {
  pending: 'Pending approval',
  approved: 'Approved',
  rejected: 'Rejected',
  reversed: 'Reversed',
} as const;

const pages = {
  expense: {
    title: 'Expenses',
    subtitle: 'What the cooperative spends: recorded with a receipt, approved by another admin, then in the books.',
    add: 'Record expense',
    empty: 'No expenses recorded for these filters yet.',
    categories: expenseCategories.map((value) => ({ value, label: expenseCategoryLabels[value] })),
    document: 'Receipt',
  },
  income: {
    title: 'Income',
    subtitle:
      'What the pool’s investment earns: recorded with its proof, approved by another admin, then in the books.',
    add: 'Record income',
    empty: 'No income recorded for these filters yet.',
    categories: incomeCategories.map((value) => ({ value, label: incomeCategoryLabels[value] })),
    document: 'Proof',
  },
} as const;

/** The expenses (or income) of the cooperative: filters, totals by category, the list and its decisions. */
export function RecordsPage({ kind }: { kind: RecordKind }) {
  const text = pages[kind];
  const user = useShellUser();
  const [filters, setFilters] = useState<RecordFilters>({ period: '', category: '', status: '' });
  const [page, setPage] = useState(1);
  const [isRecording, setIsRecording] = useState(false);
  const [rejecting, setRejecting] = useState<BookRecord | null>(null);
  const [reversing, setReversing] = useState<BookRecord | null>(null);
  const [refusingReversal, setRefusingReversal] = useState<BookRecord | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const list = useRecordPage(kind, filters, page);
  const decide = useDecideRecord(kind);
  const exportCsv = useExportRecords(kind);
  const success = useSuccessMessage();

  const change = (name: keyof RecordFilters) => (event: { target: { value: string } }) => {
    setFilters((current) => ({ ...current, [name]: event.target.value }));
    setPage(1);
  };

  const approve = (record: BookRecord) => {
    setFailure(null);
    success.clear();
    decide.mutate(
      { id: record.id, decision: 'approve' },
      {
        onSuccess: (after) =>
          success.show(
            after.status === 'approved'
              ? 'Approved. It is now in the books.'
              : 'Approved. A second admin must approve it too.',
          ),
        onError: (error) => setFailure(getErrorMessage(error, 'It could not be approved')),
      },
    );
  };

  const approveReversal = (record: BookRecord) => {
    setFailure(null);
    success.clear();
    decide.mutate(
      { id: record.id, decision: 'approve-reversal' },
      {
        onSuccess: (after) =>
          success.show(
            after.status === 'reversed'
              ? 'Reversal approved. A correcting entry is in the books.'
              : 'Reversal approved. A second admin must approve it too.',
          ),
        onError: (error) => setFailure(getErrorMessage(error, 'The reversal could not be approved')),
      },
    );
  };

  const pageCount = list.data ? Math.max(1, Math.ceil(list.data.total / RECORD_PAGE_SIZE)) : 1;

  return (
    <Box sx={{ maxWidth: 1280, mx: 'auto' }}>
      <PageHeader
        title={text.title}
        subtitle={text.subtitle}
        actions={
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ width: { xs: '100%', sm: 'auto' } }}>
            <Button
              variant="outlined"
              startIcon={exportCsv.isPending ? <CircularProgress size={18} color="inherit" /> : <Download />}
              disabled={exportCsv.isPending}
              onClick={() => exportCsv.mutate(filters)}
            >
              {exportCsv.isPending ? 'Preparing…' : 'Download CSV'}
            </Button>
            <Button variant="contained" startIcon={<Add />} onClick={() => setIsRecording(true)}>
              {text.add}
            </Button>
          </Stack>
        }
      />

      <Box aria-live="polite">
        {success.message && (
          <Alert severity="success" onClose={success.clear} sx={{ mb: 2 }}>
            {success.message}
          </Alert>
        )}
        {(failure || exportCsv.error) && (
          <Alert severity="error" onClose={() => setFailure(null)} sx={{ mb: 2 }}>
            {failure ?? getErrorMessage(exportCsv.error, 'The CSV could not be prepared')}
          </Alert>
        )}
      </Box>

      <Paper aria-label={`Filter the ${text.title.toLowerCase()}`} component="section" sx={{ p: 2, mb: 2 }}>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, minmax(0, 1fr))' } }}>
          <TextField
            label="Month"
            type="month"
            value={filters.period}
            onChange={change('period')}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <TextField
            label="Category"
            select
            value={filters.category}
            onChange={change('category')}
            slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
          >
            <option value="">All categories</option>
            {text.categories.map((category) => (
              <option key={category.value} value={category.value}>
                {category.label}
              </option>
            ))}
          </TextField>
          <TextField
            label="Status"
            select
            value={filters.status}
            onChange={change('status')}
            slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
          >
            <option value="">Every status</option>
            <option value="pending">Pending approval</option>
            <option value="approved">Approved</option>
            <option value="rejected">Rejected</option>
            <option value="reversed">Reversed</option>
          </TextField>
        </Box>
      </Paper>

      {list.isError && !list.data ? (
        <RetryAlert onRetry={() => void list.refetch()}>
          {getErrorMessage(list.error, `The ${text.title.toLowerCase()} could not be loaded`)}
        </RetryAlert>
      ) : list.isPending ? (
        <Stack spacing={1.5} role="status" aria-label={`Loading ${text.title.toLowerCase()}`}>
          {[0, 1, 2].map((row) => (
            <Skeleton key={row} variant="rounded" height={96} />
          ))}
        </Stack>
      ) : (
        <>
          <Paper component="section" aria-label="Totals by category" sx={{ p: 2, mb: 2 }}>
            <Typography variant="subtitle2" component="h2" sx={{ fontWeight: 700, mb: 1 }}>
              Totals by category
            </Typography>
            <Box
              sx={{ display: 'grid', gap: 1, gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(6, minmax(0, 1fr))' } }}
            >
              {list.data.totalsByCategory.map((total) => (
                <Box key={total.category}>
                  <Typography variant="caption" color="text.secondary">
                    {total.label}
                  </Typography>
                  <Typography variant="body2" sx={{ fontWeight: 600 }}>
                    {formatRandAmount(total.approved)}
                  </Typography>
                  {total.pending > 0 && (
                    <Typography variant="caption" color="text.secondary">
                      + {formatRandAmount(total.pending)} pending
                    </Typography>
                  )}
                </Box>
              ))}
            </Box>
          </Paper>

          {list.data.items.length === 0 ? (
            <EmptyState icon={<ReceiptOutlined />} title={text.empty} />
          ) : (
            <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label={text.title}>
              {list.data.items.map((record) => (
                <RecordCard
                  key={record.id}
                  record={record}
                  documentLabel={text.document}
                  right={getDecisionRight(
                    user,
                    {
                      makerId: record.recordedBy.id,
                      amountCents: randAmountToCents(record.amount),
                      approverIds: record.approverIds,
                    },
                    record.approvalsNeeded > 1 ? { dualApprovalAboveCents: 0 } : singleChecker(),
                  )}
                  isPending={decide.isPending && decide.variables?.id === record.id}
                  onApprove={() => approve(record)}
                  onReject={() => setRejecting(record)}
                  onReverse={() => setReversing(record)}
                  reversalRight={getReversalRight(user, record)}
                  onApproveReversal={() => approveReversal(record)}
                  onRejectReversal={() => setRefusingReversal(record)}
                />
              ))}
            </Stack>
          )}
          {pageCount > 1 && (
            <Box sx={{ display: 'flex', justifyContent: 'center', mt: 2 }}>
              <Pagination count={pageCount} page={page} onChange={(_, next) => setPage(next)} />
            </Box>
          )}
        </>
      )}

      <RecordDialog
        kind={kind}
        isOpen={isRecording}
        onClose={() => setIsRecording(false)}
        onRecorded={() => {
          setIsRecording(false);
          success.show(
            kind === 'expense'
              ? 'Expense recorded. Another admin must approve it.'
              : 'Income recorded. Another admin must approve it.',
          );
        }}
      />
      <ReverseDialog
        record={reversing}
        onClose={() => setReversing(null)}
        onConfirm={(reason) =>
          decide.mutateAsync({ id: reversing!.id, decision: 'request-reversal', reason }).then(() => {
            setReversing(null);
            success.show('Reversal asked. Another admin must approve it.');
          })
        }
      />
      <RejectReasonDialog
        isOpen={Boolean(refusingReversal)}
        title="Reject the reversal"
        reasonHint="Kept with the request and in the audit log. The record stays in the books."
        description={
          refusingReversal
            ? `${refusingReversal.categoryLabel}, ${formatRandAmount(refusingReversal.amount)}: ${refusingReversal.reversal?.reason ?? ''}`
            : ''
        }
        isPending={decide.isPending}
        errorMessage={
          decide.error && refusingReversal ? getErrorMessage(decide.error, 'The reversal could not be rejected') : null
        }
        onClose={() => setRefusingReversal(null)}
        onConfirm={(reason) =>
          decide.mutate(
            { id: refusingReversal!.id, decision: 'reject-reversal', reason },
            {
              onSuccess: () => {
                setRefusingReversal(null);
                success.show('Reversal rejected. The record stays in the books.');
              },
            },
          )
        }
      />
      <RejectReasonDialog
        isOpen={Boolean(rejecting)}
        title={`Reject ${kind === 'expense' ? 'expense' : 'income'}`}
        reasonHint="Kept with the record and in the audit log."
        description={
          rejecting ? `${rejecting.categoryLabel}, ${formatRandAmount(rejecting.amount)}: ${rejecting.description}` : ''
        }
        isPending={decide.isPending}
        errorMessage={decide.error && rejecting ? getErrorMessage(decide.error, 'It could not be rejected') : null}
        onClose={() => setRejecting(null)}
        onConfirm={(reason) =>
          decide.mutate(
            { id: rejecting!.id, decision: 'reject', reason },
            {
              onSuccess: () => {
                setRejecting(null);
                success.show('Rejected.');
              },
            },
          )
        }
      />
    </Box>
  );
}

function RecordCard({
  record,
  documentLabel,
  right,
  isPending,
  onApprove,
  onReject,
  onReverse,
  reversalRight,
  onApproveReversal,
  onRejectReversal,
}: {
  record: BookRecord;
  documentLabel: string;
  right: ReturnType<typeof getDecisionRight>;
  isPending: boolean;
  onApprove: () => void;
  onReject: () => void;
  onReverse: () => void;
  reversalRight: ReturnType<typeof getDecisionRight> | null;
  onApproveReversal: () => void;
  onRejectReversal: () => void;
}) {
  const reversal = record.reversal;
  const isReversalPending = reversal?.status === 'pending';
  const [opening, setOpening] = useState(false);
  const approvals =
    record.approvalsNeeded > 1 && record.status === 'pending'
      ? `${record.approverIds.length} of ${record.approvalsNeeded} approvals`
      : null;
  return (
    <Paper component="li" sx={{ p: 2 }} aria-label={`${record.categoryLabel} ${formatRandAmount(record.amount)}`}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'baseline', justifyContent: 'space-between' }}>
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700 }}>
            {record.categoryLabel} · {formatRandAmount(record.amount)}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {formatAdminDate(`${record.date}T12:00:00+02:00`)} · {record.pool.name} · recorded by{' '}
            {record.recordedBy.fullName ?? 'an admin'}
          </Typography>
        </Box>
        <Stack direction="row" spacing={1} alignItems="center">
          {approvals && <Typography variant="caption">{approvals}</Typography>}
          {record.isAdjustment && <Chip size="small" label="Adjustment" color="info" sx={{ fontWeight: 600 }} />}
          <Chip
            size="small"
            label={STATUS_LABELS[record.status]}
            color={STATUS_COLOURS[record.status]}
            variant="outlined"
            sx={{ fontWeight: 600 }}
          />
        </Stack>
      </Box>
      <Typography variant="body2" sx={{ mt: 1, overflowWrap: 'anywhere' }}>
        {record.description}
      </Typography>
      {record.rejectionReason && (
        <Typography variant="body2" color="error" sx={{ mt: 0.5 }}>
          {record.status === 'reversed' ? 'Reversed' : 'Rejected'}: {record.rejectionReason}
        </Typography>
      )}
      {isReversalPending && (
        <Alert severity="warning" variant="outlined" sx={{ mt: 1 }}>
          Reversal asked by {reversal.requestedBy.fullName ?? 'an admin'}: {reversal.reason}
          {reversal.approvalsNeeded > 1 && ` (${reversal.approverIds.length} of ${reversal.approvalsNeeded} approvals)`}
        </Alert>
      )}
      {reversal?.status === 'rejected' && record.status === 'approved' && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
          Reversal rejected: {reversal.rejectionReason}
        </Typography>
      )}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mt: 1.5 }} alignItems={{ sm: 'center' }}>
        <Button
          size="small"
          variant="text"
          disabled={opening}
          onClick={() => {
            setOpening(true);
            void downloadDocument(
              record.documentUrl,
              `${documentLabel.toLowerCase()}-${record.date}.${record.documentUrl.split('.').pop()}`,
            ).finally(() => setOpening(false));
          }}
        >
          {opening ? 'Downloading…' : `Download ${documentLabel.toLowerCase()}`}
        </Button>
        {record.status === 'approved' && !isReversalPending && (
          <Button size="small" variant="text" color="error" onClick={onReverse}>
            Ask to reverse
          </Button>
        )}
        {record.status === 'approved' &&
          isReversalPending &&
          reversalRight &&
          (reversalRight.mayDecide ? (
            <>
              <Button size="small" variant="contained" color="error" disabled={isPending} onClick={onApproveReversal}>
                {isPending ? 'Approving…' : 'Approve reversal'}
              </Button>
              <Button size="small" variant="outlined" disabled={isPending} onClick={onRejectReversal}>
                Reject reversal
              </Button>
            </>
          ) : (
            <WaitingForChecker reason={reversalRight.reason} />
          ))}
        {record.status === 'pending' &&
          (right.mayDecide ? (
            <>
              <Button size="small" variant="contained" color="success" disabled={isPending} onClick={onApprove}>
                {isPending ? 'Approving…' : 'Approve'}
              </Button>
              <Button size="small" variant="outlined" color="error" disabled={isPending} onClick={onReject}>
                Reject
              </Button>
            </>
          ) : (
            <WaitingForChecker reason={right.reason} />
          ))}
      </Stack>
    </Paper>
  );
}

/**
 * Whether the signed-in admin may decide the reversal waiting on a record: never who asked for it,
 * recorded it or approved it; two approvals when the request needs them. Null when none waits.
 */
function getReversalRight(user: { id: string }, record: BookRecord) {
  const reversal = record.reversal;
  if (reversal?.status !== 'pending') return null;
  return getDecisionRight(
    user,
    {
      makerId: reversal.requestedBy.id,
      otherMakerIds: [record.recordedBy.id, ...record.approverIds],
      amountCents: randAmountToCents(record.amount),
      approverIds: reversal.approverIds,
    },
    reversal.approvalsNeeded > 1
      ? { dualApprovalAboveCents: 0, makerMessage: recordMessages.reversalMaker }
      : singleChecker(recordMessages.reversalMaker),
  );
}

/** Asks why an approved record is corrected, with the server's own rule. */
function ReverseDialog({
  record,
  onClose,
  onConfirm,
}: {
  record: BookRecord | null;
  onClose: () => void;
  onConfirm: (reason: string) => Promise<unknown>;
}) {
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [isPending, setIsPending] = useState(false);
  return (
    <ActionDialog
      isOpen={Boolean(record)}
      title="Ask to reverse this record"
      subtitle="Once another admin approves (two above the dual-approval amount), a correcting entry undoes it in the books, dated today; the original stays on record."
      isPending={isPending}
      onClose={onClose}
      onExited={() => {
        setReason('');
        setProblem(null);
      }}
    >
      <DialogContent sx={{ display: 'grid', gap: 2, pt: 1 }}>
        {record && (
          <Typography variant="body2">
            {record.categoryLabel}, {formatRandAmount(record.amount)}: {record.description}
          </Typography>
        )}
        <TextField
          label="Why is it corrected?"
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          multiline
          minRows={2}
          error={Boolean(problem)}
          helperText={problem ?? ' '}
          slotProps={{ htmlInput: { maxLength: 1000 } }}
        />
      </DialogContent>
      <ActionDialogButtons
        label="Ask to reverse"
        pendingLabel="Asking…"
        color="error"
        isPending={isPending}
        onCancel={onClose}
        onConfirm={() => {
          const parsed = reverseRecordBody.safeParse({ reason });
          if (!parsed.success) {
            setProblem(parsed.error.issues[0]?.message ?? null);
            return;
          }
          setIsPending(true);
          setProblem(null);
          onConfirm(parsed.data.reason)
            .catch((error: unknown) => setProblem(getErrorMessage(error, 'It could not be reversed')))
            .finally(() => setIsPending(false));
        }}
      />
    </ActionDialog>
  );
}
