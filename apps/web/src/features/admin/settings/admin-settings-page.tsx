import { hasRole } from '@letsema/domain';
import type { ReactNode } from 'react';
import { useShellUser } from '../../../shell/shell-context';
import { CooperativeSection } from './cooperative-section';
import { InvitationSection } from './invitation-section';
import { LendingSection } from './lending-section';
import { PaymentDetailsSection } from './payment-details-section';

/**
 * The admin's own account settings, inside the back office (admins never see the member shell), and
 * for the super admin the cooperative's details and rules, where members pay, and its lending setup
 * below them; for admins who manage members, the invitation link. The account settings are the member's settings page, which the route passes in (a
 * feature never imports another).
 */
export function AdminSettingsPage({ accountSettings }: { accountSettings: ReactNode }) {
  const user = useShellUser();
  return (
    <>
      {accountSettings}
      {hasRole(user, 'member_management') && <InvitationSection />}
      {user.isSuperAdmin && <CooperativeSection />}
      {user.isSuperAdmin && <PaymentDetailsSection />}
      {user.isSuperAdmin && <LendingSection />}
    </>
  );
}
