import { PlaceholderPage } from '../../components/placeholder-page';

export function CreatePoolPage() {
  return <PlaceholderPage title="Create Pool" />;
}
