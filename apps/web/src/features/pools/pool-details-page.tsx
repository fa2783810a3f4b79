import { PlaceholderPage } from '../../components/placeholder-page';

export function PoolDetailsPage() {
  return <PlaceholderPage title="Pool Details" />;
}
