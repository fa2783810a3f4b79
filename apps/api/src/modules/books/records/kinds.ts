import {
  expenseCategories,
  expenseCategoryLabels,
  incomeCategories,
  incomeCategoryLabels,
  recordMessages,
  type QueueKey,
} from '@letsema/domain';
import { expenses, income, recordReversalRequests } from '../../../db/schema.js';

export type RecordType = 'expense' | 'income';
type ExpenseRow = typeof expenses.$inferSelect;
type IncomeRow = typeof income.$inferSelect;

/**
 * What sets expenses and income apart: their table, the columns each names its own way, and their
 * words. Everything else (recording, deciding, reversing, listing) is one implementation.
 */
export interface RecordKind {
  type: RecordType;
  table: typeof expenses | typeof income;
  dateColumn: typeof expenses.expenseDate | typeof income.incomeDate;
  documentColumn: typeof expenses.receiptUrl | typeof income.proofUrl;
  reversalColumn: typeof recordReversalRequests.expenseId | typeof recordReversalRequests.incomeId;
  categories: readonly string[];
  categoryLabels: Record<string, string>;
  /** The upload kind of its document, the form field and its message, and the answer when another record has it. */
  document: { fileKind: string; field: string; message: string; taken: string };
  queue: QueueKey;
  reversalQueue: QueueKey;
  /** How sentences name one: "An expense of R 10.00 waits", "Correction of an expense", "Expense: Bank fees". */
  named: string;
  label: string;
  title: string;
  /** The columns of a new row that only this kind has. */
  ownColumns(draft: { date: string; documentUrl: string; approvalsNeeded: number }): Record<string, unknown>;
  /** The approvals so far, where the kind keeps them (an income needs one, kept as who decided it). */
  approverColumns(approverIds: string[]): { approverIds?: string[] };
}

export const recordKinds: Record<RecordType, RecordKind> = {
  expense: {
    type: 'expense',
    table: expenses,
    dateColumn: expenses.expenseDate,
    documentColumn: expenses.receiptUrl,
    reversalColumn: recordReversalRequests.expenseId,
    categories: expenseCategories,
    categoryLabels: expenseCategoryLabels,
    document: {
      fileKind: 'expense-receipt',
      field: 'receiptUrl',
      message: recordMessages.receipt,
      taken: 'This receipt belongs to another expense already',
    },
    queue: 'expenses',
    reversalQueue: 'expenseReversals',
    named: 'An expense',
    label: 'an expense',
    title: 'Expense',
    ownColumns: ({ date, documentUrl, approvalsNeeded }) => ({
      expenseDate: date,
      receiptUrl: documentUrl,
      approvalsNeeded,
    }),
    approverColumns: (approverIds) => ({ approverIds }),
  },
  income: {
    type: 'income',
    table: income,
    dateColumn: income.incomeDate,
    documentColumn: income.proofUrl,
    reversalColumn: recordReversalRequests.incomeId,
    categories: incomeCategories,
    categoryLabels: incomeCategoryLabels,
    document: {
      fileKind: 'income-proof',
      field: 'proofUrl',
      message: recordMessages.proof,
      taken: 'This proof belongs to other income already',
    },
    queue: 'income',
    reversalQueue: 'incomeReversals',
    named: 'Income',
    label: 'income',
    title: 'Income',
    ownColumns: ({ date, documentUrl }) => ({ incomeDate: date, proofUrl: documentUrl }),
    approverColumns: () => ({}),
  },
};

/** An expense or an income read into one shape. */
export interface RecordRow {
  id: string;
  poolId: string;
  category: string;
  amountCents: number;
  date: string;
  period: string;
  description: string;
  documentUrl: string;
  isAdjustment: boolean;
  status: string;
  approvalsNeeded: number;
  approverIds: string[];
  rejectionReason: string | null;
  reversalReason: string | null;
  recordedBy: string;
  decidedBy: string | null;
  decidedAt: Date | null;
  createdAt: Date;
}

/** Reads a row of either table into one shape: an income needs one approval, its decider's. */
export function recordOf(row: ExpenseRow | IncomeRow): RecordRow {
  if ('expenseDate' in row) return { ...row, date: row.expenseDate, documentUrl: row.receiptUrl };
  const isApproved = row.status === 'approved' || row.status === 'reversed';
  return {
    ...row,
    date: row.incomeDate,
    documentUrl: row.proofUrl,
    approvalsNeeded: 1,
    approverIds: row.decidedBy && isApproved ? [row.decidedBy] : [],
  };
}

/** The label of a record's category, or the category itself when it has none. */
export const categoryLabel = (kind: RecordKind, category: string) => kind.categoryLabels[category] ?? category;
