import { PlaceholderPage } from '../../components/placeholder-page';

export function ProfilePage() {
  return <PlaceholderPage title="Profile" />;
}
