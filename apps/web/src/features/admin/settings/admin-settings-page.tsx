import { useShellUser } from '../../../shell/shell-context';
import { SettingsPage } from '../../settings/settings-page';
import { LendingSection } from './lending-section';
import { PaymentDetailsSection } from './payment-details-section';

/**
 * The admin's own account settings, inside the back office (admins never see the member shell), and
 * for the super admin where members pay and the cooperative's lending setup below them.
 */
export function AdminSettingsPage() {
  const user = useShellUser();
  return (
    <>
      <SettingsPage />
      {user.isSuperAdmin && <PaymentDetailsSection />}
      {user.isSuperAdmin && <LendingSection />}
    </>
  );
}
