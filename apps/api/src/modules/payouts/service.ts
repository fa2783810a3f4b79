import { inArray } from 'drizzle-orm';
import { fixedCondition } from '../../db/fixed-conditions.js';
import { exitRequests, withdrawals } from '../../db/schema.js';
import { bindActions } from '../../lib/bind-actions.js';
import { approveExit } from './actions/approve-exit.js';
import { approveWithdrawal } from './actions/approve-withdrawal.js';
import { cancelExit } from './actions/cancel-exit.js';
import { cancelWithdrawal } from './actions/cancel-withdrawal.js';
import { listExits, myExits } from './actions/list-exits.js';
import { listWithdrawals, myWithdrawals } from './actions/list-withdrawals.js';
import { payExit } from './actions/pay-exit.js';
import { payWithdrawal } from './actions/pay-withdrawal.js';
import { rejectExit } from './actions/reject-exit.js';
import { rejectWithdrawal } from './actions/reject-withdrawal.js';
import { requestExit } from './actions/request-exit.js';
import { requestWithdrawal } from './actions/request-withdrawal.js';
import { settleExit } from './actions/settle-exit.js';
import type { PayoutDeps } from './deps.js';

export type { PayoutActor } from './deps.js';

/**
 * Money going back to members: exits (90 days' notice, a settlement prepared by one exit admin and
 * approved by another, two for an early exit, then paid with a proof) and withdrawals of allocated
 * returns (approved by an admin, then paid). A payout posts to the ledger in the transaction that
 * marks it paid, once. Each action lives in its own file under `actions/`; this wires them.
 */
export function createPayoutService(deps: PayoutDeps) {
  return bindActions(deps, {
    requestExit,
    myExits,
    cancelExit,
    listExits,
    settleExit,
    approveExit,
    payExit,
    rejectExit,
    requestWithdrawal,
    myWithdrawals,
    cancelWithdrawal,
    listWithdrawals,
    approveWithdrawal,
    payWithdrawal,
    rejectWithdrawal,
  });
}

/** Exits still waiting for a step (notice, approval or payment), as the dashboard and the metrics count them. */
export const openExit = fixedCondition(inArray(exitRequests.status, ['requested', 'settled', 'approved']));
/** Withdrawals still waiting for approval or payment. */
export const openWithdrawal = fixedCondition(inArray(withdrawals.status, ['requested', 'approved']));

export type PayoutService = ReturnType<typeof createPayoutService>;
