import { identityTypeLabels, type IdentityType } from '@letsema/domain';

/** An identity number with everything but its last 4 characters hidden: `•••••••••9087`. */
export function maskIdNumber(value: string | null | undefined): string {
  const text = value?.trim() ?? '';
  if (!text) return '';
  if (text.length <= 4) return '•'.repeat(text.length);
  return `${'•'.repeat(text.length - 4)}${text.slice(-4)}`;
}

/** The street address with city and province, as one line. */
export function formatAddress(user: { address: string | null; city: string | null; province: string | null }): string {
  return [user.address, user.city, user.province]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(', ');
}

/** The label of an identity type; an unknown value is shown as it is. */
export function getIdentityTypeLabel(type: string | null): string {
  if (!type) return '';
  return identityTypeLabels[type as IdentityType] ?? type;
}
