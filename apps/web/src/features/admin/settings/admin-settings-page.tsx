import { SettingsPage } from '../../settings/settings-page';

/** The admin's own account settings, inside the back office (admins never see the member shell). */
export function AdminSettingsPage() {
  return <SettingsPage />;
}
