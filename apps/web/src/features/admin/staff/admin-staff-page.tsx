import { PlaceholderPage } from '../../../components/placeholder-page';

export function AdminStaffPage() {
  return <PlaceholderPage title="Staff Management" />;
}
