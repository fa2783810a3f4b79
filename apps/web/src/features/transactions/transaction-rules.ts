import { transactionTabs, type TransactionType } from '@letsema/domain';

export type TransactionTabKey = (typeof transactionTabs)[number]['key'];

/** How many transactions each tab holds, from the member's counts per type over all of them. */
export function countTabs(counts: Readonly<Record<TransactionType, number>>): Record<TransactionTabKey, number> {
  return Object.fromEntries(
    transactionTabs.map((tab) => [
      tab.key,
      (tab.types as readonly TransactionType[]).reduce((sum, type) => sum + (counts[type] ?? 0), 0),
    ]),
  ) as Record<TransactionTabKey, number>;
}

const emptyTexts: Record<TransactionTabKey, string> = {
  all: 'No transactions yet',
  contributions: 'No contributions yet',
  profits: 'No profits yet',
  fees: 'No fees yet',
  withdrawals: 'No withdrawals yet',
  refunds: 'No refunds yet',
  loans: 'No loan movements yet',
};

/** What an empty tab says. */
export function getEmptyText(tab: TransactionTabKey): string {
  return emptyTexts[tab];
}
