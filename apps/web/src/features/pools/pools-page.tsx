import { PlaceholderPage } from '../../components/placeholder-page';

export function PoolsPage() {
  return <PlaceholderPage title="Investment Pools" />;
}
