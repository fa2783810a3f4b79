import { transactionTabs } from '@letsema/domain';
import type { PaymentView } from '../../lib/investing';

export type TransactionTabKey = (typeof transactionTabs)[number]['key'];

/** The transactions a tab shows. */
export function filterByTab<T extends Pick<PaymentView, 'type'>>(
  transactions: readonly T[],
  tab: TransactionTabKey,
): T[] {
  const types: readonly string[] = transactionTabs.find((t) => t.key === tab)?.types ?? [];
  return transactions.filter((transaction) => types.includes(transaction.type));
}

/** How many transactions each tab holds. */
export function countByTab(transactions: readonly Pick<PaymentView, 'type'>[]): Record<TransactionTabKey, number> {
  return Object.fromEntries(
    transactionTabs.map((tab) => [tab.key, filterByTab(transactions, tab.key).length]),
  ) as Record<TransactionTabKey, number>;
}

const emptyTexts: Record<TransactionTabKey, string> = {
  all: 'No transactions yet',
  contributions: 'No contributions yet',
  profits: 'No profits yet',
  fees: 'No fees yet',
  withdrawals: 'No withdrawals yet',
  refunds: 'No refunds yet',
};

/** What an empty tab says. */
export function getEmptyText(tab: TransactionTabKey): string {
  return emptyTexts[tab];
}
