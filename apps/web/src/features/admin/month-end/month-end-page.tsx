import { PlaceholderPage } from '../../../components/placeholder-page';

export function MonthEndPage() {
  return <PlaceholderPage title="Month End" />;
}
