import {
  dayOf,
  formatLoanNumber,
  formatRand,
  inDuplumRoomCents,
  instalmentUnpaid,
  isPastGrace,
  latePenaltyCents,
  type PenaltyType,
  penaltyChargedLines,
} from '@letsema/domain';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.js';
import { loanInstalments, loanPenalties, loans } from '../../db/schema.js';
import { postEntry } from '../ledger/posting.js';
import { notifyMember } from '../notifications/service.js';
import { loadInstalments, type LoanRow } from './money.js';

export interface ArrearsReport {
  /** Instalments newly marked overdue. */
  overdue: number;
  /** Penalties charged. */
  penalties: number;
  /** Loans the job could not handle (logged; tried again on the next run). */
  failed: number;
}

export interface ArrearsLogger {
  error(details: object, message: string): void;
}

/**
 * The daily arrears run: marks instalments whose day has passed unpaid as overdue, and charges the
 * late penalty once the loan's grace days have passed, at most once per instalment (the unique index
 * on the instalment makes a second run, or a run on another instance, charge nothing). Each penalty
 * is posted to the ledger (penalties due against penalty income) in the transaction that charges
 * it; the member and the guarantor are told in the app and by e-mail. Each loan is handled in its
 * own transaction under its row lock, so a repayment being approved at the same moment is seen whole.
 */
export async function runLoanArrears(deps: {
  db: Db;
  clock: { now(): Date };
  publicUrl: string;
  logger: ArrearsLogger;
}): Promise<ArrearsReport> {
  const { db, clock, publicUrl } = deps;
  const today = dayOf(clock.now());
  const report: ArrearsReport = { overdue: 0, penalties: 0, failed: 0 };

  const tell = (tx: Executor, userId: string, title: string, message: string, path = '/loans') =>
    notifyMember(tx, publicUrl, { userId, category: 'payment', title, paragraphs: [message], path });

  // Loans with an unpaid instalment whose day has passed: the partial index of unpaid instalments finds them.
  const due = await db
    .selectDistinct({ loanId: loanInstalments.loanId })
    .from(loanInstalments)
    .innerJoin(loans, eq(loans.id, loanInstalments.loanId))
    .where(
      and(ne(loanInstalments.status, 'paid'), sql`${loanInstalments.dueOn} < ${today}`, eq(loans.status, 'active')),
    )
    .orderBy(asc(loanInstalments.loanId))
    .limit(10_000);

  for (const { loanId } of due) {
    try {
      const counted = await db.transaction(async (tx) => {
        const [loan] = await tx.select().from(loans).where(eq(loans.id, loanId)).for('update');
        if (!loan || loan.status !== 'active') return { overdue: 0, penalties: 0 };
        return handleLoan(tx, loan);
      });
      report.overdue += counted.overdue;
      report.penalties += counted.penalties;
    } catch (error) {
      report.failed += 1;
      deps.logger.error(
        { loanId, error: error instanceof Error ? error.message : String(error) },
        'loan arrears not handled',
      );
    }
  }
  return report;

  async function handleLoan(tx: Executor, loan: LoanRow) {
    const number = formatLoanNumber(loan.number);
    const marked = await tx
      .update(loanInstalments)
      .set({ status: 'overdue', updatedAt: clock.now() })
      .where(
        and(
          eq(loanInstalments.loanId, loan.id),
          eq(loanInstalments.status, 'due'),
          sql`${loanInstalments.dueOn} < ${today}`,
        ),
      )
      .returning({ number: loanInstalments.number, dueOn: loanInstalments.dueOn });
    for (const instalment of marked) {
      await tell(
        tx,
        loan.userId,
        'Loan instalment overdue',
        `Instalment ${instalment.number} of your loan ${number} was due on ${instalment.dueOn} and is not paid. Please pay it as soon as you can${loan.penaltyType === 'none' ? '' : `: a late penalty is charged after ${loan.graceDays} days`}.`,
      );
      if (loan.guarantorId && loan.guarantorStatus === 'accepted') {
        await tell(
          tx,
          loan.guarantorId,
          'A loan you guarantee is overdue',
          `Instalment ${instalment.number} of loan ${number}, which you guarantee, was due on ${instalment.dueOn} and is not paid.`,
          '/loans/guarantees',
        );
      }
    }

    let penalties = 0;
    if (loan.penaltyType !== 'none') {
      const states = await loadInstalments(tx, loan.id);
      const rule = {
        penaltyType: loan.penaltyType as PenaltyType,
        penaltyFixedCents: loan.penaltyFixedCents,
        penaltyPercentBps: loan.penaltyPercentBps,
      };
      // In duplum: penalties and interest in arrears together never pass the principal still owed.
      let room = inDuplumRoomCents(
        states.map((state) => state.balance),
        today,
      );
      for (const state of states) {
        if (state.penalty || state.row.status === 'paid') continue;
        if (!isPastGrace(state.row.dueOn, loan.graceDays, today)) continue;
        const unpaid = instalmentUnpaid(state.balance);
        const amount = Math.min(latePenaltyCents(rule, unpaid.principalCents + unpaid.interestCents), room);
        if (amount <= 0) continue;
        const [penalty] = await tx
          .insert(loanPenalties)
          .values({ loanId: loan.id, instalmentId: state.row.id, amountCents: amount, appliedOn: today })
          .onConflictDoNothing({ target: loanPenalties.instalmentId })
          .returning();
        if (!penalty) continue;
        room -= amount;
        await postEntry(tx, {
          effectiveDate: today,
          kind: 'loan',
          description: `Loan ${number} late penalty, instalment ${state.row.number}`,
          source: { type: 'loan_penalty', id: penalty.id },
          createdBy: null,
          approvedBy: null,
          lines: penaltyChargedLines(loan, amount),
        });
        penalties += 1;
        await tell(
          tx,
          loan.userId,
          'Late penalty charged',
          `A late penalty of ${formatRand(amount)} was added to instalment ${state.row.number} of your loan ${number}, due on ${state.row.dueOn} and still unpaid.`,
        );
        if (loan.guarantorId && loan.guarantorStatus === 'accepted') {
          await tell(
            tx,
            loan.guarantorId,
            'A loan you guarantee is in arrears',
            `A late penalty was charged on loan ${number}, which you guarantee: instalment ${state.row.number}, due on ${state.row.dueOn}, is still unpaid.`,
            '/loans/guarantees',
          );
        }
      }
    }
    return { overdue: marked.length, penalties };
  }
}
