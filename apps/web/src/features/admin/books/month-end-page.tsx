import {
  formatRandAmount,
  formatShareDays,
  hasRole,
  monthEndMessages,
  type MonthEndStep,
  type PeriodRequestKind,
  reconcileBody,
  reopenBody,
  singleChecker,
  toHundredths,
  unlockBody,
} from '@letsema/domain';
import CheckCircle from '@mui/icons-material/CheckCircle';
import Download from '@mui/icons-material/Download';
import EventAvailableOutlined from '@mui/icons-material/EventAvailableOutlined';
import RadioButtonUnchecked from '@mui/icons-material/RadioButtonUnchecked';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import DialogContent from '@mui/material/DialogContent';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { ActionDialog, ActionDialogButtons } from '../../../components/action-dialog';
import { Amount } from '../../../components/amount';
import { EmptyState } from '../../../components/empty-state';
import { WaitingForChecker } from '../../../components/waiting-for-checker';
import { PageHeader } from '../../../components/page-header';
import { RetryAlert } from '../../../components/retry-alert';
import { getErrorMessage } from '../../../lib/api-client';
import { formatAdminDate, formatAdminDateTime, formatPeriod } from '../../../lib/formatters';
import { getDecisionRight } from '../../../lib/maker-checker';
import { useShellUser } from '../../../shell/shell-context';
import {
  downloadDocument,
  useBooksStart,
  useDecideReopen,
  usePeriod,
  usePeriods,
  useReopen,
  useRunStep,
  useSetBooksStart,
  type PeriodDetail,
} from './api';
import { DocumentField } from './document-field';
import { RecordDialog } from './record-dialog';
import { ScrollableTable } from '../../../components/scrollable-table';

const STATUS_LABELS = { open: 'Open', locked: 'Locked for month end', closed: 'Closed' } as const;
const STATUS_COLOURS = { open: 'default', locked: 'warning', closed: 'success' } as const;

const STEP_HELP: Record<MonthEndStep, string> = {
  lock: 'Nothing new can be dated in the month once it is locked. Payments, expenses and income still pending for it must be decided first.',
  reconcile:
    'Enter the closing balance on the bank statement and upload the statement. A difference (a bank charge, interest) is recorded first as an adjustment dated in the month, and approved by another admin.',
  calculate:
    'Profit is income less expenses for the month, per pool. The reserve comes off first; the rest is split by paid-up share-days, to the cent.',
  allocate:
    'Posts the split: each member’s returns grow and they are told. Another month-end admin than the one who calculated must do it.',
  reports:
    'Makes the income statement, trial balance, allocation table and bank reconciliation as PDF and CSV files that never change.',
  close: 'Closes the month: nothing can be posted into it. Reopening needs a reason and a second month-end admin.',
};

/** The month-end close as a guided page: pick a month, then do its six steps in order. */
export function MonthEndPage() {
  const periods = usePeriods();
  const [chosen, setChosen] = useState<string | null>(null);
  const period =
    chosen ??
    periods.data?.find((entry) => entry.hasEnded && entry.status !== 'closed')?.period ??
    periods.data?.[0]?.period ??
    null;

  return (
    <Box sx={{ maxWidth: 1280, mx: 'auto' }}>
      <PageHeader
        title="Month End"
        subtitle="Close each month from the bank statement to the members’ returns, in six steps that cannot be skipped."
      />
      <BooksStartPanel />
      {periods.isError ? (
        <RetryAlert onRetry={() => void periods.refetch()}>
          {getErrorMessage(periods.error, 'The months could not be loaded')}
        </RetryAlert>
      ) : periods.isPending ? (
        <Skeleton variant="rounded" height={240} role="status" aria-label="Loading months" />
      ) : (
        <Box
          sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: '240px minmax(0, 1fr)' } }}
        >
          <Paper component="nav" aria-label="Months" sx={{ p: 1 }}>
            <Stack component="ul" spacing={0.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
              {periods.data.map((entry) => (
                <li key={entry.period}>
                  <Button
                    fullWidth
                    variant={entry.period === period ? 'contained' : 'text'}
                    color={entry.period === period ? 'primary' : 'inherit'}
                    aria-current={entry.period === period ? 'true' : undefined}
                    onClick={() => setChosen(entry.period)}
                    sx={{ justifyContent: 'space-between' }}
                  >
                    <span>{formatPeriod(entry.period)}</span>
                    <Typography component="span" variant="caption">
                      {STATUS_LABELS[entry.status]}
                    </Typography>
                  </Button>
                </li>
              ))}
            </Stack>
          </Paper>
          {period ? (
            <PeriodPanel key={period} period={period} onAct={() => setChosen(period)} />
          ) : (
            <EmptyState icon={<EventAvailableOutlined />} title="No months yet" />
          )}
        </Box>
      )}
    </Box>
  );
}

/**
 * The month the books start in and the first month that may take new entries; before anything is
 * posted, the super admin may set the start (the first posting sets it otherwise).
 */
function BooksStartPanel() {
  const user = useShellUser();
  const start = useBooksStart();
  const setStart = useSetBooksStart();
  const [month, setMonth] = useState('');
  const [saved, setSaved] = useState(false);
  if (!start.data) return null;
  const { booksStart, firstOpenPeriod, hasPostings } = start.data;
  const mayChoose = user.isSuperAdmin && !hasPostings;
  return (
    <Paper component="section" aria-label="Books start" sx={{ p: 2, mb: 2 }}>
      <Typography variant="body2">
        {booksStart
          ? `The books start in ${formatPeriod(booksStart)}.`
          : 'The books start in the month of their first posting.'}
        {firstOpenPeriod && ` The first month that may take new entries is ${formatPeriod(firstOpenPeriod)}.`}
      </Typography>
      {mayChoose && (
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1}
          alignItems={{ sm: 'center' }}
          sx={{ mt: 1.5 }}
          component="form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            setSaved(false);
            setStart.mutate(month, { onSuccess: () => setSaved(true) });
          }}
        >
          <TextField
            label="The books start in"
            type="month"
            size="small"
            value={month}
            onChange={(event) => setMonth(event.target.value)}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <Button type="submit" variant="outlined" disabled={setStart.isPending || !month}>
            {setStart.isPending ? 'Saving…' : 'Set the start'}
          </Button>
        </Stack>
      )}
      <Box aria-live="polite">
        {setStart.error && (
          <Alert severity="error" sx={{ mt: 1 }}>
            {getErrorMessage(setStart.error, 'The start could not be set')}
          </Alert>
        )}
        {saved && !setStart.error && (
          <Alert severity="success" sx={{ mt: 1 }}>
            Saved. Nothing can be dated before it.
          </Alert>
        )}
      </Box>
    </Paper>
  );
}

/** `onAct` keeps this month chosen once a step is done in it, though it may no longer be the default. */
function PeriodPanel({ period, onAct }: { period: string; onAct: () => void }) {
  const user = useShellUser();
  const detail = usePeriod(period);
  const run = useRunStep(period);
  const [failure, setFailure] = useState<string | null>(null);

  if (detail.isError) {
    return (
      <RetryAlert onRetry={() => void detail.refetch()}>
        {getErrorMessage(detail.error, 'This month could not be loaded')}
      </RetryAlert>
    );
  }
  if (detail.isPending) return <Skeleton variant="rounded" height={360} role="status" aria-label="Loading the month" />;
  const data = detail.data;

  const runStep = (step: MonthEndStep, body?: object) => {
    setFailure(null);
    onAct();
    run.mutate(
      { step, body },
      { onError: (error) => setFailure(getErrorMessage(error, 'The step could not be done')) },
    );
  };

  return (
    <Stack spacing={2} component="section" aria-label={`Month end for ${formatPeriod(period)}`}>
      <Paper sx={{ p: 2 }}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', justifyContent: 'space-between' }}>
          <Typography variant="h6" component="h2" sx={{ fontWeight: 700 }}>
            {formatPeriod(period)}
          </Typography>
          <Chip label={STATUS_LABELS[data.status]} color={STATUS_COLOURS[data.status]} sx={{ fontWeight: 600 }} />
        </Box>
        <Box aria-live="polite">
          {failure && (
            <Alert severity="error" onClose={() => setFailure(null)} sx={{ mt: 2 }}>
              {failure}
            </Alert>
          )}
        </Box>
        <Stack component="ol" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0, mt: 2 }} aria-label="Steps">
          {data.steps.map((step, index) => {
            const isNext = data.nextStep === step.step;
            return (
              <Box
                component="li"
                key={step.step}
                aria-current={isNext ? 'step' : undefined}
                sx={{ border: 1, borderColor: isNext ? 'primary.main' : 'divider', borderRadius: 2, p: 1.5 }}
              >
                <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
                  {step.doneAt ? (
                    <CheckCircle color="success" aria-hidden />
                  ) : (
                    <RadioButtonUnchecked color={isNext ? 'primary' : 'disabled'} aria-hidden />
                  )}
                  <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700 }}>
                    {index + 1}. {step.label}
                  </Typography>
                </Box>
                {step.doneAt ? (
                  <Typography variant="body2" color="text.secondary" sx={{ ml: 4 }}>
                    Done by {step.doneBy?.fullName ?? 'an admin'} on {formatAdminDateTime(step.doneAt)}
                  </Typography>
                ) : (
                  <Typography variant="body2" color="text.secondary" sx={{ ml: 4 }}>
                    {STEP_HELP[step.step]}
                  </Typography>
                )}
                {isNext && (
                  <Box sx={{ ml: { xs: 0, sm: 4 }, mt: 1.5 }}>
                    <StepAction
                      step={step.step}
                      data={data}
                      userId={user.id}
                      isPending={run.isPending}
                      onRun={runStep}
                    />
                  </Box>
                )}
              </Box>
            );
          })}
        </Stack>
      </Paper>
      <AdjustmentsSection data={data} />
      {data.calculation && <AllocationTable calculation={data.calculation} />}
      {data.reports && <Reports reports={data.reports} period={period} />}
      <ReopenSection kind="reopen" data={data} userId={user.id} />
      <ReopenSection kind="unlock" data={data} userId={user.id} />
    </Stack>
  );
}

function StepAction({
  step,
  data,
  userId,
  isPending,
  onRun,
}: {
  step: MonthEndStep;
  data: PeriodDetail;
  userId: string;
  isPending: boolean;
  onRun: (step: MonthEndStep, body?: object) => void;
}) {
  const [balance, setBalance] = useState('');
  const [statementUrl, setStatementUrl] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  if (step === 'lock') {
    const pending = [...data.pending.payments, ...data.pending.expenses, ...data.pending.income];
    return (
      <Stack spacing={1}>
        {pending.length > 0 && (
          <Alert severity="warning">
            {monthEndMessages.pendingLeft}
            <Box component="ul" sx={{ m: 0, pl: 2 }}>
              {pending.map((item) => (
                <li key={item.id}>
                  {formatAdminDate(item.date)}: {item.description}, <Amount rand={item.amount} />
                </li>
              ))}
            </Box>
          </Alert>
        )}
        <Box>
          <ConfirmedStep
            step="lock"
            title={`Lock ${formatPeriod(data.period)}?`}
            label="Lock transactions"
            pendingLabel="Locking…"
            isPending={isPending}
            isDisabled={pending.length > 0}
            onRun={onRun}
          />
        </Box>
      </Stack>
    );
  }
  if (step === 'reconcile') {
    const submit = () => {
      const parsed = reconcileBody.safeParse({ bankClosingBalance: balance, bankStatementUrl: statementUrl ?? '' });
      if (!parsed.success) {
        setProblem(parsed.error.issues[0]?.message ?? null);
        return;
      }
      setProblem(null);
      onRun('reconcile', { bankClosingBalance: balance, bankStatementUrl: statementUrl });
    };
    return (
      <Stack spacing={1.5}>
        <Typography variant="body2">
          Bank balance in the ledger:{' '}
          <strong>
            <Amount rand={data.bank.ledgerBalance} />
          </strong>
          {data.bank.difference !== null && data.bank.difference !== 0 && (
            <>
              {' '}
              · last statement <Amount rand={data.bank.statementBalance ?? 0} />, difference{' '}
              <strong>
                <Amount rand={data.bank.difference} />
              </strong>
            </>
          )}
          {data.bank.difference === 0 && (
            <>
              {' '}
              · the last statement, <Amount rand={data.bank.statementBalance ?? 0} />, agrees
            </>
          )}
        </Typography>
        <TextField
          label="Closing balance on the bank statement (R)"
          value={balance}
          onChange={(event) => setBalance(event.target.value)}
          slotProps={{ htmlInput: { inputMode: 'decimal', maxLength: 16 } }}
          error={Boolean(problem) && problem === monthEndMessages.bankBalance}
        />
        <DocumentField
          kind="bank-statement"
          title="Bank statement"
          hint="The bank's statement for the month, as a PDF or a photo (10 MB at most)."
          error={problem === monthEndMessages.statement ? problem : null}
          disabled={isPending}
          onUploaded={setStatementUrl}
        />
        {problem && problem !== monthEndMessages.statement && <Alert severity="error">{problem}</Alert>}
        <Box>
          <Button variant="contained" disabled={isPending} onClick={submit}>
            {isPending ? 'Reconciling…' : 'Reconcile accounts'}
          </Button>
        </Box>
      </Stack>
    );
  }
  if (step === 'allocate' && data.calculation) {
    const right = getDecisionRight(
      { id: userId },
      { makerId: data.calculation.calculatedBy.id, amountCents: 0, approverIds: [] },
      singleChecker(monthEndMessages.sameCalculator),
    );
    return right.mayDecide ? (
      <Button variant="contained" disabled={isPending} onClick={() => onRun('allocate')}>
        {isPending ? 'Allocating…' : 'Allocate to members'}
      </Button>
    ) : (
      <WaitingForChecker reason={right.reason} />
    );
  }
  const labels: Record<MonthEndStep, [string, string]> = {
    lock: ['Lock transactions', 'Locking…'],
    reconcile: ['Reconcile accounts', 'Reconciling…'],
    calculate: ['Calculate profits', 'Calculating…'],
    allocate: ['Allocate to members', 'Allocating…'],
    reports: ['Generate reports', 'Generating…'],
    close: ['Close period', 'Closing…'],
  };
  if (step === 'close') {
    return (
      <ConfirmedStep
        step="close"
        title={`Close ${formatPeriod(data.period)}?`}
        label={labels.close[0]}
        pendingLabel={labels.close[1]}
        isPending={isPending}
        onRun={onRun}
      />
    );
  }
  return (
    <Button variant="contained" disabled={isPending} onClick={() => onRun(step)}>
      {isPending ? labels[step][1] : labels[step][0]}
    </Button>
  );
}

/**
 * A step that is hard to undo (locking the month, closing it), asked first: what it does, then the
 * step's own button to confirm.
 */
function ConfirmedStep({
  step,
  title,
  label,
  pendingLabel,
  isPending,
  isDisabled = false,
  onRun,
}: {
  step: MonthEndStep;
  title: string;
  label: string;
  pendingLabel: string;
  isPending: boolean;
  isDisabled?: boolean;
  onRun: (step: MonthEndStep) => void;
}) {
  const [isAsking, setIsAsking] = useState(false);
  const textId = useId();
  return (
    <>
      <Button variant="contained" disabled={isPending || isDisabled} onClick={() => setIsAsking(true)}>
        {isPending ? pendingLabel : label}
      </Button>
      <ActionDialog
        isOpen={isAsking}
        title={title}
        isPending={isPending}
        describedBy={textId}
        onClose={() => setIsAsking(false)}
      >
        <DialogContent sx={{ pt: 0 }}>
          <Typography id={textId}>{STEP_HELP[step]}</Typography>
        </DialogContent>
        <ActionDialogButtons
          label={label}
          pendingLabel={pendingLabel}
          isPending={isPending}
          onCancel={() => setIsAsking(false)}
          onConfirm={() => {
            setIsAsking(false);
            onRun(step);
          }}
        />
      </ActionDialog>
    </>
  );
}

const ON_ONE_LINE = { whiteSpace: 'nowrap' } as const;

function AllocationTable({ calculation }: { calculation: NonNullable<PeriodDetail['calculation']> }) {
  return (
    <Paper sx={{ p: 2 }} component="section" aria-label="Profit split">
      <Typography variant="h6" component="h2" sx={{ fontWeight: 700 }}>
        Profit split
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        Calculated by {calculation.calculatedBy.fullName ?? 'an admin'}; reserve {calculation.reservePercent}%.
      </Typography>
      {calculation.pools.length === 0 && <Typography variant="body2">No income or expenses this month.</Typography>}
      {calculation.pools.map((pool) => (
        <Box key={pool.poolId} sx={{ mt: 2 }}>
          <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700 }}>
            {pool.poolName}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            Income <Amount rand={pool.income} /> · expenses <Amount rand={pool.expenses} /> · profit{' '}
            <Amount rand={pool.profit} /> · reserve <Amount rand={pool.reserve} /> · to allocate{' '}
            <Amount rand={pool.toAllocate} />
          </Typography>
          <ScrollableTable label={`Split of ${pool.poolName}, scrolls sideways`}>
            <Table size="small" aria-label={`Split of ${pool.poolName}`} sx={{ mt: 1 }}>
              <TableHead>
                <TableRow>
                  <TableCell>Member</TableCell>
                  <TableCell align="right" sx={ON_ONE_LINE}>
                    Share-days
                  </TableCell>
                  <TableCell align="right">Share</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {pool.members.map((member) => (
                  <TableRow key={member.userId}>
                    <TableCell>{member.fullName ?? member.userId}</TableCell>
                    <TableCell align="right" sx={ON_ONE_LINE}>
                      {formatShareDays(toHundredths(member.shareDays))}
                    </TableCell>
                    <TableCell align="right" sx={ON_ONE_LINE}>
                      {formatRandAmount(member.share)}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </ScrollableTable>
        </Box>
      ))}
    </Paper>
  );
}

const REPORT_LABELS: Record<string, string> = {
  'income-statement': 'Income statement',
  'trial-balance': 'Trial balance',
  allocation: 'Allocation table',
  'loan-book': 'Loan book',
  'bank-reconciliation': 'Bank reconciliation',
};

function Reports({ reports, period }: { reports: Record<string, string>; period: string }) {
  const [failure, setFailure] = useState<string | null>(null);
  return (
    <Paper sx={{ p: 2 }} component="section" aria-label="Reports">
      <Typography variant="h6" component="h2" sx={{ fontWeight: 700, mb: 1 }}>
        Reports
      </Typography>
      {failure && (
        <Alert severity="error" sx={{ mb: 1 }}>
          {failure}
        </Alert>
      )}
      <Box sx={{ display: 'grid', gap: 1, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        {Object.entries(reports).map(([name, url]) => {
          const [base = name, extension = ''] = name.split('.');
          return (
            <Button
              key={name}
              variant="outlined"
              startIcon={<Download />}
              onClick={() =>
                downloadDocument(url, `letsema-${base}-${period}.${extension}`).catch((error: unknown) =>
                  setFailure(getErrorMessage(error, 'The report could not be downloaded')),
                )
              }
            >
              {REPORT_LABELS[base] ?? base} ({extension.toUpperCase()})
            </Button>
          );
        })}
      </Box>
    </Paper>
  );
}

/** What the reopen and unlock sections say, each for the month status it changes. */
const requestCopy = {
  reopen: {
    status: 'closed',
    title: 'Reopening',
    question: 'Why must this month be reopened?',
    ask: 'Ask to reopen',
    approve: 'Approve reopening',
    schema: reopenBody,
    sameRequester: monthEndMessages.sameRequester,
  },
  unlock: {
    status: 'locked',
    title: 'Unlocking',
    question: 'Why must this month be unlocked?',
    ask: 'Ask to unlock',
    approve: 'Approve unlocking',
    schema: unlockBody,
    sameRequester: monthEndMessages.sameUnlockRequester,
  },
} as const;

/**
 * The adjusting entries of the month (bank charges, interest, corrections), which the bank figures
 * include once approved; while the month is locked, new ones are recorded from here.
 */
function AdjustmentsSection({ data }: { data: PeriodDetail }) {
  const user = useShellUser();
  const [recording, setRecording] = useState<'expense' | 'income' | null>(null);
  const [recorded, setRecorded] = useState(false);
  const isLocked = data.status === 'locked';
  if (!isLocked && data.adjustments.length === 0) return null;
  const mayRecordExpense = hasRole(user, 'expense_management');
  const mayRecordIncome = hasRole(user, 'investment_management');
  return (
    <Paper sx={{ p: 2 }} component="section" aria-label="Adjustments">
      <Typography variant="h6" component="h2" sx={{ fontWeight: 700 }}>
        Adjustments
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {isLocked
          ? `Bank charges, interest and corrections the statement shows can be dated in ${formatPeriod(data.period)} until it is closed. Another admin approves each; the bank balance above includes it once approved.`
          : `Bank charges, interest and corrections dated in ${formatPeriod(data.period)}.`}
      </Typography>
      <Box aria-live="polite">
        {recorded && (
          <Alert severity="success" sx={{ mb: 1 }} onClose={() => setRecorded(false)}>
            Adjustment recorded. Another admin must approve it.
          </Alert>
        )}
      </Box>
      {data.adjustments.length === 0 ? (
        <Typography variant="body2">No adjustments in this month.</Typography>
      ) : (
        <Stack component="ul" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label="Adjustments of the month">
          {data.adjustments.map((adjustment) => (
            <Box
              component="li"
              key={adjustment.id}
              aria-label={`Adjustment: ${adjustment.categoryLabel} ${formatRandAmount(adjustment.amount)}`}
              sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}
            >
              <Chip size="small" label="Adjustment" color="info" sx={{ fontWeight: 600 }} />
              <Typography variant="body2" sx={{ flex: '1 1 12rem', minWidth: 0, overflowWrap: 'anywhere' }}>
                {formatAdminDate(adjustment.date)}: {adjustment.categoryLabel}{' '}
                {adjustment.kind === 'expense' ? '(expense)' : '(income)'}, <Amount rand={adjustment.amount} /> ·{' '}
                {adjustment.description}
              </Typography>
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                {ADJUSTMENT_STATUS[adjustment.status]}
              </Typography>
            </Box>
          ))}
        </Stack>
      )}
      {isLocked && (mayRecordExpense || mayRecordIncome) && (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mt: 1.5 }}>
          {mayRecordExpense && (
            <Button variant="outlined" onClick={() => setRecording('expense')}>
              Record an adjusting expense
            </Button>
          )}
          {mayRecordIncome && (
            <Button variant="outlined" onClick={() => setRecording('income')}>
              Record adjusting income
            </Button>
          )}
        </Stack>
      )}
      {recording && (
        <RecordDialog
          kind={recording}
          isOpen
          adjustmentIn={data.period}
          onClose={() => setRecording(null)}
          onRecorded={() => {
            setRecording(null);
            setRecorded(true);
          }}
        />
      )}
    </Paper>
  );
}

const ADJUSTMENT_STATUS = {
  pending: 'Waiting for approval',
  approved: 'Approved',
  rejected: 'Rejected',
  reversed: 'Reversed',
} as const;

/** Reopening a closed month, or unlocking a locked one: asked with a reason, decided by another month-end admin. */
function ReopenSection({ kind, data, userId }: { kind: PeriodRequestKind; data: PeriodDetail; userId: string }) {
  const copy = requestCopy[kind];
  const reopen = useReopen(data.period, kind);
  const decide = useDecideReopen(kind);
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const requests = data.reopenRequests.filter((request) => request.kind === kind);
  const pending = requests.find((request) => request.status === 'pending');
  const isMaker = (requestedBy: string) =>
    !getDecisionRight(
      { id: userId },
      { makerId: requestedBy, amountCents: 0, approverIds: [] },
      singleChecker(copy.sameRequester),
    ).mayDecide;
  if (data.status !== copy.status && requests.length === 0) return null;

  return (
    <Paper sx={{ p: 2 }} component="section" aria-label={copy.title}>
      <Typography variant="h6" component="h2" sx={{ fontWeight: 700, mb: 1 }}>
        {copy.title}
      </Typography>
      {(problem || reopen.error || decide.error) && (
        <Alert severity="error" sx={{ mb: 1 }}>
          {problem ?? getErrorMessage(reopen.error ?? decide.error, 'It could not be done')}
        </Alert>
      )}
      {data.status === copy.status && !pending && (
        <Stack spacing={1}>
          <TextField
            label={copy.question}
            value={reason}
            multiline
            minRows={2}
            onChange={(event) => setReason(event.target.value)}
            slotProps={{ htmlInput: { maxLength: 1000 } }}
          />
          <Box>
            <Button
              variant="outlined"
              disabled={reopen.isPending}
              onClick={() => {
                const parsed = copy.schema.safeParse({ reason });
                if (!parsed.success) {
                  setProblem(parsed.error.issues[0]?.message ?? null);
                  return;
                }
                setProblem(null);
                reopen.mutate(parsed.data.reason, { onSuccess: () => setReason('') });
              }}
            >
              {reopen.isPending ? 'Asking…' : copy.ask}
            </Button>
          </Box>
        </Stack>
      )}
      <Stack component="ul" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0, mt: 1 }}>
        {requests.map((request) => (
          <Box component="li" key={request.id} sx={{ border: 1, borderColor: 'divider', borderRadius: 2, p: 1.5 }}>
            <Typography variant="body2">
              <strong>{request.requestedBy.fullName ?? 'An admin'}</strong> asked on{' '}
              {formatAdminDateTime(request.createdAt)}: {request.reason}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {request.status === 'pending'
                ? 'Waiting for a second month-end admin.'
                : `${request.status === 'approved' ? 'Approved' : 'Refused'} by ${request.decidedBy?.fullName ?? 'an admin'}`}
            </Typography>
            {request.status === 'pending' &&
              (isMaker(request.requestedBy.id) ? (
                <WaitingForChecker reason={copy.sameRequester} />
              ) : (
                <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
                  <Button
                    size="small"
                    variant="contained"
                    disabled={decide.isPending}
                    onClick={() => decide.mutate({ id: request.id, decision: 'approve' })}
                  >
                    {copy.approve}
                  </Button>
                  <Button
                    size="small"
                    variant="outlined"
                    color="error"
                    disabled={decide.isPending}
                    onClick={() => decide.mutate({ id: request.id, decision: 'reject' })}
                  >
                    Refuse
                  </Button>
                </Stack>
              ))}
          </Box>
        ))}
      </Stack>
    </Paper>
  );
}
