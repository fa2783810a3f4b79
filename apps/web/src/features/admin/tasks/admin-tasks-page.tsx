import { PlaceholderPage } from '../../../components/placeholder-page';

export function AdminTasksPage() {
  return <PlaceholderPage title="My Tasks" />;
}
