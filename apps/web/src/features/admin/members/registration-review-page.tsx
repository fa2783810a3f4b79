import { PlaceholderPage } from '../../../components/placeholder-page';

export function RegistrationReviewPage() {
  return <PlaceholderPage title="Review Registration" />;
}
