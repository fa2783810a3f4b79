import { PlaceholderPage } from '../../components/placeholder-page';

export function SettingsPage() {
  return <PlaceholderPage title="Settings" />;
}
