import type { LoanDetail, LoanInstalment, LoanWaiver } from '@letsema/domain';
import { formatRandAmount, hasRole, penaltyTypeLabels } from '@letsema/domain';
import ArrowBack from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useState, type ReactNode } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { Figure } from '../../../components/figure';
import { PageHeader } from '../../../components/page-header';
import { RejectReasonDialog } from '../../../components/reject-reason-dialog';
import { RetryAlert } from '../../../components/retry-alert';
import { WaitingForChecker } from '../../../components/waiting-for-checker';
import { ApiError, getErrorMessage } from '../../../lib/api-client';
import { formatAdminDate, formatAdminDateTime } from '../../../lib/formatters';
import { useSuccessMessage } from '../../../lib/use-success-message';
import { useShellUser } from '../../../shell/shell-context';
import { useAdminLoan, useLoanStep, useWaiverDecision } from './api';
import {
  getInstalmentStatus,
  getLoanActionPlan,
  getPartyRefusal,
  getPenaltyLeft,
  getWaiverRight,
  type DecisionRight,
} from './loan-rules';
import { LoanStatusChip } from './loans-overview';
import { ScrollableTable } from '../../../components/scrollable-table';
import { ConfirmDialog, DisburseDialog, ProofFileButton, WaiveDialog } from './parts';

type Open =
  | { kind: 'approve' | 'reject' | 'disburse' }
  | { kind: 'waive'; row: LoanInstalment; left: number }
  | { kind: 'approve-waiver' | 'reject-waiver'; waiver: LoanWaiver }
  | null;

const backButton = (
  <Button component={RouterLink} to="/admin/loans" startIcon={<ArrowBack />} variant="text">
    Back to loans
  </Button>
);

/** One loan for the loan admins: its terms, member and guarantor, schedule, penalties, repayments and decisions. */
export function LoanDetailPage() {
  const { id = '' } = useParams();
  const user = useShellUser();
  if (!hasRole(user, 'loan_management')) {
    return (
      <Box sx={{ maxWidth: 1100, mx: 'auto' }}>
        <PageHeader title="Loan" actions={backButton} />
        <Alert severity="info">Loans are for admins with the Loan Management role.</Alert>
      </Box>
    );
  }
  return <LoanDetail id={id} />;
}

function LoanDetail({ id }: { id: string }) {
  const user = useShellUser();
  const loan = useAdminLoan(id);
  const step = useLoanStep(id);
  const waiverDecision = useWaiverDecision();
  const success = useSuccessMessage();
  const [open, setOpen] = useState<Open>(null);
  const [problem, setProblem] = useState<string | null>(null);

  if (loan.isError) {
    const isMissing = loan.error instanceof ApiError && loan.error.status === 404;
    return (
      <Box sx={{ maxWidth: 1100, mx: 'auto' }}>
        <PageHeader title="Loan" actions={backButton} />
        {isMissing ? (
          <Alert severity="warning">Loan not found</Alert>
        ) : (
          <RetryAlert onRetry={() => void loan.refetch()}>
            {getErrorMessage(loan.error, 'The loan could not be loaded')}
          </RetryAlert>
        )}
      </Box>
    );
  }
  if (loan.isPending) {
    return (
      <Box sx={{ maxWidth: 1100, mx: 'auto' }}>
        <PageHeader title="Loan" actions={backButton} />
        <Skeleton variant="rounded" height={320} role="status" aria-label="Loading the loan" />
      </Box>
    );
  }

  const data = loan.data;
  const plan = getLoanActionPlan(user, data);
  const party = getPartyRefusal(user, data);
  const name = data.member.fullName ?? data.member.email ?? 'the member';
  const pendingWaiverFor = new Set(data.waivers.filter((w) => w.status === 'pending').map((w) => w.penaltyId));

  const close = () => {
    setOpen(null);
    setProblem(null);
  };
  const run = (input: Parameters<typeof step.mutate>[0], message: string, fallback: string) => {
    setProblem(null);
    step.mutate(input, {
      onSuccess: () => {
        setOpen(null);
        success.show(message);
      },
      onError: (error) => setProblem(getErrorMessage(error, fallback)),
    });
  };
  const decideWaiver = (waiver: LoanWaiver, reason?: string) => {
    setProblem(null);
    waiverDecision.mutate(
      reason === undefined ? { id: waiver.id, action: 'approve' } : { id: waiver.id, action: 'reject', reason },
      {
        onSuccess: () => {
          setOpen(null);
          success.show(reason === undefined ? 'Penalty waived.' : 'Waiver refused.');
        },
        onError: (error) =>
          setProblem(
            getErrorMessage(error, reason === undefined ? 'It could not be waived' : 'It could not be refused'),
          ),
      },
    );
  };
  const approvalIsFinal = plan.approve?.mayDecide ? plan.approve.isFinal : true;

  return (
    <Box sx={{ maxWidth: 1100, mx: 'auto' }}>
      <PageHeader title={`Loan ${data.number}`} subtitle={`${data.typeLabel} loan to ${name}`} actions={backButton} />
      <Box aria-live="polite">
        {success.message && (
          <Alert severity="success" sx={{ mb: 2 }} onClose={success.clear}>
            {success.message}
          </Alert>
        )}
      </Box>

      <Stack spacing={3}>
        <Section id="loan-summary" title="Summary" aside={<LoanStatusChip loan={data} />}>
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' } }}>
            <Figure label="Amount" value={formatRandAmount(data.amount)} />
            <Figure label="Term" value={`${data.termMonths} months`} />
            <Figure label="Interest rate" value={`${data.annualRatePercent}% a year`} />
            <Figure label="Monthly instalment" value={formatRandAmount(data.instalment)} />
            <Figure label="Total interest" value={formatRandAmount(data.totalInterest)} />
            <Figure label="Total repayable" value={formatRandAmount(data.totalRepayable)} />
            <Figure label="Principal repaid" value={formatRandAmount(data.principalRepaid)} />
            <Figure label="Outstanding principal" value={formatRandAmount(data.outstandingPrincipal)} />
          </Box>
          <Box sx={{ display: 'grid', gap: 0.5, mt: 2 }}>
            <Typography variant="body2">
              <strong>Member:</strong> {name}
              {data.member.email && data.member.fullName ? ` (${data.member.email})` : ''} · capital at application{' '}
              {formatRandAmount(data.capitalAtApplication)}
            </Typography>
            <Typography variant="body2">
              <strong>Product:</strong> {data.productName} · pool {data.pool.name} · applied{' '}
              {formatAdminDate(data.createdAt)}
            </Typography>
            <Typography variant="body2">
              <strong>Late payment:</strong> {penaltyTypeLabels[data.penaltyType]}
              {data.penaltyType === 'fixed' ? ` of ${formatRandAmount(data.penaltyFixed)}` : ''}
              {data.penaltyType === 'percent' ? ` (${data.penaltyPercent}%)` : ''} after {data.graceDays} grace days
            </Typography>
            <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
              <strong>Purpose:</strong> “{data.purpose}”
            </Typography>
            {data.rejectionReason && (
              <Typography variant="body2" color="error.dark">
                <strong>Rejected:</strong> {data.rejectionReason}
                {data.decidedAt ? ` (${formatAdminDate(data.decidedAt)})` : ''}
              </Typography>
            )}
          </Box>
        </Section>

        {(plan.approve || plan.reject || plan.disburse) && (
          <Section id="loan-decision" title="Decision">
            {data.approvalsNeeded > 1 && (
              <Typography variant="body2" sx={{ mb: 1 }}>
                Above the dual-approval amount: {data.approverIds.length} of {data.approvalsNeeded} approvals.
              </Typography>
            )}
            {plan.notice && (
              <Alert severity="info" sx={{ mb: 1.5 }}>
                {plan.notice}
              </Alert>
            )}
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} alignItems={{ sm: 'flex-start' }}>
              <DecisionButton
                right={plan.approve}
                label="Approve"
                color="success"
                onClick={() => setOpen({ kind: 'approve' })}
              />
              <DecisionButton
                right={plan.disburse}
                label="Pay out"
                color="primary"
                onClick={() => setOpen({ kind: 'disburse' })}
              />
              <DecisionButton
                right={plan.reject}
                label="Reject"
                color="error"
                variant="outlined"
                onClick={() => setOpen({ kind: 'reject' })}
              />
            </Stack>
            <BlockedReasons rights={[plan.approve, plan.disburse, plan.reject]} />
          </Section>
        )}

        <Section id="loan-guarantor" title="Guarantor">
          {data.guarantor ? (
            <Typography variant="body2">
              {data.guarantor.fullName ?? 'A member'} · guarantees {formatRandAmount(data.guarantor.guaranteedAmount)} ·{' '}
              <strong>{data.guarantor.statusLabel}</strong>
              {data.guarantor.decidedAt ? ` on ${formatAdminDate(data.guarantor.decidedAt)}` : ''}
            </Typography>
          ) : (
            <Typography variant="body2" color="text.secondary">
              No guarantor: the loan is within the member’s own capital.
            </Typography>
          )}
        </Section>

        {data.status === 'active' && (
          <Section id="loan-standing" title="Standing today">
            <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' } }}>
              <Figure
                label="Days overdue"
                value={data.arrears.daysOverdue > 0 ? String(data.arrears.daysOverdue) : 'Up to date'}
              />
              <Figure label="Amount overdue" value={formatRandAmount(data.arrears.overdueAmount)} />
              <Figure
                label="Next instalment"
                value={data.nextInstalment ? formatRandAmount(data.nextInstalment.amount) : '—'}
                hint={data.nextInstalment ? `Due ${formatAdminDate(data.nextInstalment.dueOn)}` : undefined}
              />
              <Figure
                label="Settles the loan today"
                value={data.settlement ? formatRandAmount(data.settlement.amount) : '—'}
              />
            </Box>
          </Section>
        )}

        {data.disbursedAt && (
          <Section id="loan-payout" title="Payout">
            <Typography variant="body2">
              Paid out {formatAdminDateTime(data.disbursedAt)}
              {data.approvedAt ? ` · approved ${formatAdminDate(data.approvedAt)}` : ''}
            </Typography>
            <Box sx={{ ml: -1, mt: 0.5 }}>
              <ProofFileButton
                url={data.disbursementProofUrl}
                label="View proof of transfer"
                accessibleName={`View proof of transfer of ${data.number}`}
                title={`Proof of transfer of ${data.number}`}
                fileName={`proof-of-transfer-${data.number}`}
              />
            </Box>
          </Section>
        )}

        <Section id="loan-schedule" title="Repayment schedule">
          {data.schedule.length > 0 ? (
            <ScheduleTable
              rows={data.schedule}
              asOf={data.settlement?.asOf ?? null}
              canWaive={data.status === 'active' && party === null}
              pendingWaiverFor={pendingWaiverFor}
              onWaive={(row, left) => setOpen({ kind: 'waive', row, left })}
            />
          ) : data.projectedSchedule ? (
            <>
              <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
                Not paid out yet: the schedule if it were paid out today.
              </Typography>
              <ProjectedTable rows={data.projectedSchedule} />
            </>
          ) : (
            <Typography variant="body2" color="text.secondary">
              There is no schedule: the loan was not paid out.
            </Typography>
          )}
          {data.status === 'active' && party && (
            <Box sx={{ mt: 1.5 }}>
              <WaitingForChecker reason={party.reason} />
            </Box>
          )}
        </Section>

        <Section id="loan-waivers" title="Penalty waivers">
          {data.waivers.length === 0 ? (
            <Typography variant="body2" color="text.secondary">
              No penalty waiver has been asked for.
            </Typography>
          ) : (
            <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label="Penalty waivers">
              {data.waivers.map((waiver) => (
                <WaiverItem
                  key={waiver.id}
                  waiver={waiver}
                  right={waiver.status === 'pending' ? getWaiverRight(user, waiver, data) : null}
                  onApprove={() => setOpen({ kind: 'approve-waiver', waiver })}
                  onReject={() => setOpen({ kind: 'reject-waiver', waiver })}
                />
              ))}
            </Stack>
          )}
        </Section>

        <Section id="loan-repayments" title="Repayments">
          <RepaymentsTable loan={data} />
        </Section>

        <Typography variant="body2" color="text.secondary">
          The payout, each approved repayment, each penalty and each waiver post an entry to the books in the same step.
        </Typography>
      </Stack>

      <ConfirmDialog
        isOpen={open?.kind === 'approve'}
        title="Approve the loan"
        confirmLabel="Approve"
        pendingLabel="Approving…"
        isPending={step.isPending}
        errorMessage={open?.kind === 'approve' ? problem : null}
        onClose={close}
        onConfirm={() =>
          run(
            { step: 'approve' },
            approvalIsFinal
              ? 'Loan approved. Another loan admin pays it out.'
              : 'Your approval is recorded. A second loan admin must approve it too.',
            'The loan could not be approved',
          )
        }
      >
        Approve {data.number}: {formatRandAmount(data.amount)} to {name} over {data.termMonths} months at{' '}
        {data.annualRatePercent}% a year.{' '}
        {approvalIsFinal
          ? 'The member is told, and another loan admin pays it out.'
          : 'A second loan admin must approve it too.'}
      </ConfirmDialog>
      <RejectReasonDialog
        isOpen={open?.kind === 'reject'}
        title="Reject the loan"
        description={`${name} is told the reason${data.guarantor ? ', and the guarantor’s capital is no longer held' : ''}.`}
        isPending={step.isPending}
        errorMessage={open?.kind === 'reject' ? problem : null}
        onClose={close}
        onConfirm={(reason) => run({ step: 'reject', reason }, 'Loan rejected.', 'The loan could not be rejected')}
      />
      <DisburseDialog
        isOpen={open?.kind === 'disburse'}
        loan={{ number: data.number, amount: data.amount, memberName: name }}
        account={data.payoutAccount}
        onClose={close}
        onDisburse={(proofUrl) =>
          step.mutateAsync({ step: 'disburse', proofUrl }).then(() => success.show('Loan paid out.'))
        }
      />
      <WaiveDialog
        isOpen={open?.kind === 'waive'}
        penalty={open?.kind === 'waive' ? { instalmentNumber: open.row.number, amount: open.left } : null}
        onClose={close}
        onWaive={(reason) =>
          open?.kind === 'waive' && open.row.penaltyId
            ? step
                .mutateAsync({ step: 'waive', penaltyId: open.row.penaltyId, reason })
                .then(() => success.show('Waiver asked for. It waits for a second loan admin.'))
            : Promise.resolve()
        }
      />
      <ConfirmDialog
        isOpen={open?.kind === 'approve-waiver'}
        title="Waive the penalty"
        confirmLabel="Waive"
        pendingLabel="Waiving…"
        isPending={waiverDecision.isPending}
        errorMessage={open?.kind === 'approve-waiver' ? problem : null}
        onClose={close}
        onConfirm={() => open?.kind === 'approve-waiver' && decideWaiver(open.waiver)}
      >
        {open?.kind === 'approve-waiver' &&
          `Waive ${formatRandAmount(open.waiver.amount)} of the late penalty on instalment ${open.waiver.instalmentNumber}: “${open.waiver.reason}”. A reversing entry takes it out of penalty income.`}
      </ConfirmDialog>
      <RejectReasonDialog
        isOpen={open?.kind === 'reject-waiver'}
        title="Refuse the waiver"
        description="The admin who asked is told the reason; the member still owes the penalty."
        isPending={waiverDecision.isPending}
        errorMessage={open?.kind === 'reject-waiver' ? problem : null}
        onClose={close}
        onConfirm={(reason) => open?.kind === 'reject-waiver' && decideWaiver(open.waiver, reason)}
      />
    </Box>
  );
}

function Section({
  id,
  title,
  aside,
  children,
}: {
  id: string;
  title: string;
  aside?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Paper component="section" aria-labelledby={`${id}-title`} sx={{ p: { xs: 2, sm: 3 } }}>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 1, mb: 1.5 }}>
        <Typography id={`${id}-title`} variant="h2" sx={{ fontSize: '1.125rem', fontWeight: 700 }}>
          {title}
        </Typography>
        {aside}
      </Box>
      {children}
    </Paper>
  );
}

function DecisionButton({
  right,
  label,
  color,
  variant = 'contained',
  onClick,
}: {
  right: DecisionRight | null;
  label: string;
  color: 'success' | 'primary' | 'error';
  variant?: 'contained' | 'outlined';
  onClick: () => void;
}) {
  if (!right?.mayDecide) return null;
  return (
    <Button
      variant={variant}
      color={color}
      onClick={onClick}
      sx={color === 'success' && variant === 'contained' ? { color: '#fff' } : undefined}
    >
      {label}
    </Button>
  );
}

/** The reasons this admin may not take the decisions the loan's state offers, each said once. */
function BlockedReasons({ rights }: { rights: (DecisionRight | null)[] }) {
  const reasons = [...new Set(rights.flatMap((right) => (right && !right.mayDecide ? [right.reason] : [])))];
  if (reasons.length === 0) return null;
  return (
    <Stack spacing={1} sx={{ mt: 1.5 }}>
      {reasons.map((reason) => (
        <WaitingForChecker key={reason} reason={reason} />
      ))}
    </Stack>
  );
}

const head = (label: string, align?: 'right') => (
  <TableCell component="th" scope="col" align={align} sx={{ whiteSpace: 'nowrap' }}>
    {label}
  </TableCell>
);
const money = (value: number) => (
  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
    {formatRandAmount(value)}
  </TableCell>
);

function ScheduleTable({
  rows,
  asOf,
  canWaive,
  pendingWaiverFor,
  onWaive,
}: {
  rows: LoanInstalment[];
  /** The books' day the loan was answered on, while it is being repaid. */
  asOf: string | null;
  canWaive: boolean;
  pendingWaiverFor: Set<string>;
  onWaive: (row: LoanInstalment, left: number) => void;
}) {
  return (
    <ScrollableTable label="Repayment schedule table">
      <Table size="small" aria-label="Repayment schedule" sx={{ minWidth: 760 }}>
        <TableHead>
          <TableRow>
            {head('No.')}
            {head('Due')}
            {head('Principal', 'right')}
            {head('Interest', 'right')}
            {head('Penalty', 'right')}
            {head('Paid', 'right')}
            {head('Unpaid', 'right')}
            {head('Status')}
            {head('Penalty waiver')}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => {
            const left = row.penaltyId ? getPenaltyLeft(row) : 0;
            const shown = getInstalmentStatus(row, asOf);
            return (
              <TableRow key={row.id}>
                <TableCell component="th" scope="row">
                  {row.number}
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatAdminDate(row.dueOn)}</TableCell>
                {money(row.principal)}
                {money(row.interest)}
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  {row.penalty > 0 ? formatRandAmount(row.penalty) : '—'}
                  {row.penaltyWaived > 0 && (
                    <Typography variant="caption" component="div" color="text.secondary">
                      {formatRandAmount(row.penaltyWaived)} waived
                    </Typography>
                  )}
                </TableCell>
                {money(row.paid)}
                {money(row.unpaid)}
                <TableCell>
                  <Chip
                    size="small"
                    variant="outlined"
                    label={shown.label}
                    color={shown.status === 'paid' ? 'success' : shown.status === 'overdue' ? 'error' : 'default'}
                    sx={{ fontWeight: 600 }}
                  />
                  {row.paidOn && (
                    <Typography variant="caption" component="div" color="text.secondary">
                      {formatAdminDate(row.paidOn)}
                    </Typography>
                  )}
                </TableCell>
                <TableCell>
                  {row.penaltyId && pendingWaiverFor.has(row.penaltyId) ? (
                    <Typography variant="body2" color="text.secondary">
                      Waiting for a second admin
                    </Typography>
                  ) : canWaive && left > 0 ? (
                    <Button
                      size="small"
                      variant="outlined"
                      onClick={() => onWaive(row, left)}
                      aria-label={`Waive penalty on instalment ${row.number}`}
                    >
                      Waive penalty
                    </Button>
                  ) : (
                    '—'
                  )}
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </ScrollableTable>
  );
}

function ProjectedTable({ rows }: { rows: NonNullable<LoanDetail['projectedSchedule']> }) {
  return (
    <ScrollableTable label="Projected schedule table">
      <Table size="small" aria-label="Projected repayment schedule" sx={{ minWidth: 520 }}>
        <TableHead>
          <TableRow>
            {head('No.')}
            {head('Due')}
            {head('Principal', 'right')}
            {head('Interest', 'right')}
            {head('Instalment', 'right')}
            {head('Balance after', 'right')}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.number}>
              <TableCell component="th" scope="row">
                {row.number}
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatAdminDate(row.dueOn)}</TableCell>
              {money(row.principal)}
              {money(row.interest)}
              {money(row.amount)}
              {money(row.balanceAfter)}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </ScrollableTable>
  );
}

function WaiverItem({
  waiver,
  right,
  onApprove,
  onReject,
}: {
  waiver: LoanWaiver;
  right: DecisionRight | null;
  onApprove: () => void;
  onReject: () => void;
}) {
  const statusLabel = { pending: 'Waiting for a second admin', approved: 'Waived', rejected: 'Refused' }[waiver.status];
  return (
    <Box component="li" sx={{ border: 1, borderColor: 'divider', borderRadius: 2, p: 1.5 }}>
      <Typography variant="body2" sx={{ fontWeight: 700 }}>
        Instalment {waiver.instalmentNumber} · {formatRandAmount(waiver.amount)} · {statusLabel}
      </Typography>
      <Typography variant="body2">“{waiver.reason}”</Typography>
      <Typography variant="body2" color="text.secondary">
        Asked {formatAdminDateTime(waiver.createdAt)}
        {waiver.decidedAt ? ` · decided ${formatAdminDateTime(waiver.decidedAt)}` : ''}
        {waiver.rejectionReason ? ` · refused: ${waiver.rejectionReason}` : ''}
      </Typography>
      {right && (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mt: 1 }}>
          {right.mayDecide ? (
            <>
              <Button
                variant="contained"
                color="success"
                sx={{ color: '#fff' }}
                onClick={onApprove}
                aria-label={`Approve waiver on instalment ${waiver.instalmentNumber}`}
              >
                Approve waiver
              </Button>
              <Button
                variant="outlined"
                color="error"
                onClick={onReject}
                aria-label={`Reject waiver on instalment ${waiver.instalmentNumber}`}
              >
                Reject waiver
              </Button>
            </>
          ) : (
            <WaitingForChecker reason={right.reason} />
          )}
        </Stack>
      )}
    </Box>
  );
}

function RepaymentsTable({ loan }: { loan: LoanDetail }) {
  if (loan.repayments.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary">
        No repayment yet.
      </Typography>
    );
  }
  const name = loan.member.fullName ?? loan.member.email ?? 'the member';
  return (
    <ScrollableTable label="Repayments table">
      <Table size="small" aria-label="Repayments" sx={{ minWidth: 640 }}>
        <TableHead>
          <TableRow>
            {head('Paid on')}
            {head('Amount', 'right')}
            {head('Method')}
            {head('Status')}
            {head('Split')}
            {head('Proof')}
          </TableRow>
        </TableHead>
        <TableBody>
          {loan.repayments.map((repayment) => (
            <TableRow key={repayment.id}>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatAdminDate(repayment.paidOn)}</TableCell>
              {money(repayment.amount)}
              <TableCell>
                {repayment.isFromExit ? 'From the exit payout' : repayment.paymentMethod}
                {repayment.isSettlement ? ' · settlement' : ''}
              </TableCell>
              <TableCell>
                {repayment.statusLabel}
                {repayment.rejectionReason && (
                  <Typography variant="caption" component="div" color="text.secondary">
                    {repayment.rejectionReason}
                  </Typography>
                )}
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                {repayment.split
                  ? `Penalty ${formatRandAmount(repayment.split.penalty)} · interest ${formatRandAmount(repayment.split.interest)} · principal ${formatRandAmount(repayment.split.principal)}`
                  : '—'}
              </TableCell>
              <TableCell>
                {repayment.proofUrl ? (
                  <ProofFileButton
                    url={repayment.proofUrl}
                    label="View"
                    accessibleName={`View proof of payment of ${formatAdminDate(repayment.paidOn)}`}
                    title={`Proof of payment from ${name}`}
                    fileName={`proof-of-payment-${loan.number}`}
                  />
                ) : (
                  '—'
                )}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </ScrollableTable>
  );
}
