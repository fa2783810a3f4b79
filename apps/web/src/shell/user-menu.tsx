import { useId, type ReactNode } from 'react';
import styles from '../components/plain/plain.module.css';
import { classNames } from '../lib/class-names';
import type { CurrentUser } from '../lib/current-user';
import { getAvatarInitial } from '../lib/formatters';
import { loadOnce } from '../lib/load-once';
import { usePanelOnDemand } from '../lib/use-panel-on-demand';

export interface UserMenuLink {
  label: string;
  to: string;
  icon: ReactNode;
}

// The panel (MUI's popover and menu) is fetched when the menu is first about to open, not with the page.
const loadPanel = loadOnce(() => import('./user-menu-panel').then((module) => module.UserMenuPanel));

/**
 * The avatar button of an app bar and what it opens (`UserMenuPanel`): who is signed in, the given
 * links and Logout. The button is a plain element; the panel's code comes when a pointer or the
 * keyboard reaches the button, so that it is there by the press.
 */
export function UserMenu({
  user,
  roleLabel,
  links = [],
}: {
  user: CurrentUser;
  roleLabel?: string;
  links?: readonly UserMenuLink[];
}) {
  const { anchor, isOpen, Panel, preload, open, close } = usePanelOnDemand(loadPanel, 'user menu');
  const panelId = useId();

  return (
    <>
      <button
        type="button"
        className={classNames(styles.iconButton, styles.avatarButton)}
        onClick={(event) => open(event.currentTarget)}
        onPointerEnter={preload}
        onFocus={preload}
        aria-label="Open user menu"
        aria-controls={isOpen ? panelId : undefined}
        aria-haspopup="dialog"
        aria-expanded={isOpen ? 'true' : undefined}
      >
        <span className={styles.avatar}>{getAvatarInitial(user)}</span>
      </button>
      {Panel && <Panel id={panelId} user={user} roleLabel={roleLabel} links={links} anchor={anchor} onClose={close} />}
    </>
  );
}
