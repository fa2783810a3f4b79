// The sign-in and registration forms' rules, fetched when a form is first typed in or pressed (see lazyResolver):
// zod and the schemas are not part of the first download.
import { zodResolver } from '@hookform/resolvers/zod';
import {
  assistedResetForm,
  emailLinkBody,
  loginBody,
  passwordResetForm,
  registerForm,
  startCooperativeForm,
} from '@letsema/domain';
import { withStrongPassword } from '../../lib/password-strength';

export const loginResolver = zodResolver(loginBody);
export const registerResolver = zodResolver(withStrongPassword(registerForm, 'password', (values) => [values.email]));
export const emailLinkResolver = zodResolver(emailLinkBody);
// The reset page does not know the account's address; the server also refuses a password built on it.
export const passwordResetResolver = zodResolver(withStrongPassword(passwordResetForm, 'password', () => []));
export const assistedResetResolver = zodResolver(
  withStrongPassword(assistedResetForm, 'password', (values) => [values.email]),
);
export const startCooperativeResolver = zodResolver(
  withStrongPassword(startCooperativeForm, 'password', (values) => [values.email, values.founderName, values.name]),
);
