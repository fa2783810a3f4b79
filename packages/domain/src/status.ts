/** Registration states of an account (spec section 4, DESIGN.md section 4). */
export const registrationStatuses = ['pending_kyc', 'verified', 'active', 'rejected'] as const;
export type RegistrationStatus = (typeof registrationStatuses)[number];

export const identityTypes = ['national_id', 'passport', 'drivers_license', 'refugee_permit', 'refugee_id'] as const;
export type IdentityType = (typeof identityTypes)[number];

export const identityTypeLabels: Record<IdentityType, string> = {
  national_id: 'South African ID',
  passport: 'Passport',
  drivers_license: "Driver's Licence",
  refugee_permit: 'Refugee Permit',
  refugee_id: 'Refugee ID',
};

/** Where a signed-in user belongs: admins in the back office, active members on the dashboard, others in the wizard. */
export function homePathFor(user: { isAdmin: boolean; registrationStatus: string }): string {
  if (user.isAdmin) return '/admin';
  if (user.registrationStatus === 'active') return '/dashboard';
  return '/complete-registration';
}
