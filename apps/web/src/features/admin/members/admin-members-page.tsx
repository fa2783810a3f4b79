import { PlaceholderPage } from '../../../components/placeholder-page';

export function AdminMembersPage() {
  return <PlaceholderPage title="Members" />;
}
