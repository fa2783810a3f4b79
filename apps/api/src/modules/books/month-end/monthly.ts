import { centsToRand, dayOf } from '@letsema/domain';
import { monthlyMovements, periodsUpTo } from '../ledger-queries.js';
import type { MonthEndDeps } from './deps.js';

/** What the pools hold: money in the bank and principal lent to members, not yet repaid. */
const POOL_VALUE_ACCOUNTS: readonly string[] = ['bank', 'loans_receivable'];

/**
 * The last twelve months: the pools' value at each month's end (the bank and the principal lent to
 * members, which a loan's payout moves from one to the other), and income and expenses within it.
 */
export async function monthly(deps: MonthEndDeps) {
  const periods = periodsUpTo(dayOf(deps.clock.now()).slice(0, 7), 12);
  const movements = await monthlyMovements(deps.db, periods[periods.length - 1]!);
  const held = (account: string) => POOL_VALUE_ACCOUNTS.includes(account);
  // Both are debit balances: their credit-positive movement is turned back.
  let value = -movements
    .filter((row) => held(row.account) && row.period < periods[0]!)
    .reduce((sum, row) => sum + row.cents, 0);
  return periods.map((period) => {
    const within = movements.filter((row) => row.period === period && row.kind !== 'allocation');
    value -= movements
      .filter((row) => held(row.account) && row.period === period)
      .reduce((sum, row) => sum + row.cents, 0);
    const incomeCents = within
      .filter((row) => row.account.startsWith('income:'))
      .reduce((sum, row) => sum + row.cents, 0);
    const expenseCents = -within
      .filter((row) => row.account.startsWith('expense:'))
      .reduce((sum, row) => sum + row.cents, 0);
    return {
      period,
      value: centsToRand(value),
      income: centsToRand(incomeCents),
      expenses: centsToRand(expenseCents),
    };
  });
}
