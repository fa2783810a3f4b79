import { RecordsPage } from './records-page';

/** /admin/expenses: the cooperative's expenses (expense_management). */
export function ExpensesPage() {
  return <RecordsPage kind="expense" />;
}

/** /admin/investment/income: what the pool's investment earns (investment_management). */
export function IncomePage() {
  return <RecordsPage kind="income" />;
}
