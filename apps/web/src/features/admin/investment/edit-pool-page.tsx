import { PlaceholderPage } from '../../../components/placeholder-page';

export function EditPoolPage() {
  return <PlaceholderPage title="Edit Pool" />;
}
