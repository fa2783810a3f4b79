// The sign-in and registration forms' rules, fetched when a form is first typed in or pressed (see lazyResolver):
// zod and the schemas are not part of the first download.
import { zodResolver } from '@hookform/resolvers/zod';
import { loginBody, registerForm } from '@letsema/domain';
import { withStrongPassword } from '../../lib/password-strength';

export const loginResolver = zodResolver(loginBody);
export const registerResolver = zodResolver(withStrongPassword(registerForm, 'password', (values) => [values.email]));
