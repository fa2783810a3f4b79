import ReceiptOutlined from '@mui/icons-material/ReceiptOutlined';
import { ComingSoonPage } from '../shared/coming-soon-page';

export function AdminExpensesPage() {
  return (
    <ComingSoonPage
      title="Expenses"
      description="What the cooperative spends, recorded and approved before month end."
      icon={<ReceiptOutlined />}
      stats={['This Month', 'Pending Approval', 'Year to Date', 'Largest Category']}
      sections={[
        {
          title: 'Expense categories',
          items: ['Legal Fees', 'Accounting', 'Administrative', 'Banking Fees', 'Insurance', 'Other'],
          look: 'chips',
        },
        {
          title: 'Planned features',
          items: [
            'Record expenses with receipts',
            'Approval by a second admin',
            'Monthly and yearly totals per category',
            'Expenses deducted before profits are allocated',
          ],
        },
      ]}
    />
  );
}
