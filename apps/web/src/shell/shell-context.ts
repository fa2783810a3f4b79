import { useOutletContext } from 'react-router';
import type { CurrentUser } from '../lib/current-user';

/** What the guards and shells hand to the pages below them. */
export interface ShellContext {
  user: CurrentUser;
}

/** The signed-in user, for pages rendered inside a guard. */
export function useShellUser(): CurrentUser {
  return useOutletContext<ShellContext>().user;
}
