import { bindActions } from '../../../lib/bind-actions.js';
import { approveRecord } from './actions/approve-record.js';
import { approveReversal } from './actions/approve-reversal.js';
import { createRecord } from './actions/create-record.js';
import { exportRecords } from './actions/export-records.js';
import { listRecords } from './actions/list-records.js';
import { rejectRecord } from './actions/reject-record.js';
import { rejectReversal } from './actions/reject-reversal.js';
import { requestReversal } from './actions/request-reversal.js';
import type { RecordDeps } from './deps.js';

export type { RecordType } from './kinds.js';

/**
 * Expenses (expense_management) and income (investment_management), one implementation with a
 * kind: recorded with their document by one admin, decided by another; an approval posts the entry
 * in the same transaction. Expenses above the dual-approval amount need two approvers, neither of
 * them the one who recorded it. Each action lives in its own file under `actions/`; this wires them.
 */
export function createRecordsService(deps: RecordDeps) {
  return bindActions(deps, {
    createRecord,
    approveRecord,
    rejectRecord,
    listRecords,
    exportRecords,
    requestReversal,
    approveReversal,
    rejectReversal,
  });
}

export type RecordsService = ReturnType<typeof createRecordsService>;
