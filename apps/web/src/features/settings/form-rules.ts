// The change-password form's rules, fetched when the form is first typed in or pressed (see
// lazyResolver), so the settings pages show without zod.
import { zodResolver } from '@hookform/resolvers/zod';
import { changePasswordForm } from '@letsema/domain';
import { withStrongPassword } from '../../lib/password-strength';

/** The server's rules for a new password, judged against the account's own e-mail and name. */
export const changePasswordResolver = (email: string, fullName: string | null | undefined) =>
  zodResolver(withStrongPassword(changePasswordForm, 'newPassword', () => [email, fullName]));
