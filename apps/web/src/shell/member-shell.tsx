import { Link as RouterLink, Navigate, Outlet, useLocation } from 'react-router';
import { useMediaQuery, WIDE_SCREEN_QUERY } from '../components/plain/media-queries';
import { PlainIcon } from '../components/plain/plain-icon';
import { settingsOutlined } from '../components/plain/plain-icons';
import { EmailVerificationBanner } from '../features/auth/email-verification-banner';
import { MovedClockBanner } from './moved-clock-banner';
import { BrandLogo } from '../components/brand-logo';
import { adminWorkspaceEntry, BOTTOM_NAV_COUNT, memberNavEntries, type NavEntry } from './member-nav';
import styles from './member-shell.module.css';
import { isPathActive } from './nav-paths';
import { NotificationSlot } from './notification-slot';
import { useShellUser, type ShellContext } from './shell-context';
import { mainContentProps, SkipLink } from './skip-link';
import { UserMenu, type UserMenuLink } from './user-menu';

const settingsLink: UserMenuLink = {
  label: 'Settings',
  to: '/settings',
  icon: <PlainIcon drawing={settingsOutlined} size="small" />,
};

/**
 * The member area's frame: sidebar (bottom bar on small screens), app bar with the user menu, and the
 * page. It is the first thing a member's phone draws, so it is plain elements with a static style sheet
 * (member-shell.module.css) rather than MUI parts, whose styles are worked out while drawing.
 */
export function MemberShell() {
  const user = useShellUser();
  const { pathname } = useLocation();
  const isDesktop = useMediaQuery(WIDE_SCREEN_QUERY);

  const sidebarEntries = getSidebarEntries(user);
  if (user.isAdmin) return <Navigate to="/admin" replace />;

  const bottomEntries = memberNavEntries.slice(0, BOTTOM_NAV_COUNT);
  // Below md the sidebar is gone, so the entries the bottom bar cannot hold move into the user menu.
  const menuLinks: UserMenuLink[] = isDesktop
    ? [settingsLink]
    : [
        ...sidebarEntries.slice(BOTTOM_NAV_COUNT).map((entry) => ({
          label: entry.label,
          to: entry.path,
          icon: entry.icon,
        })),
        settingsLink,
      ];

  return (
    <div className={styles.frame}>
      <SkipLink />
      <header className={styles.appBar}>
        <div className={styles.toolbar}>
          <div className={styles.phoneOnly}>
            <BrandLogo size={28} />
          </div>
          <div className={styles.grow} />
          <NotificationSlot />
          <UserMenu user={user} links={menuLinks} />
        </div>
      </header>

      {/* Each bar is drawn only where it shows: on a phone the sidebar would be rendered for nothing. */}
      {isDesktop && (
        <nav aria-label="Main navigation" className={styles.sidebar}>
          <div className={styles.sidebarPanel}>
            <div className={styles.sidebarHead}>
              <BrandLogo />
            </div>
            <ul className={styles.sidebarList}>
              {sidebarEntries.map((entry) => (
                <li key={entry.path}>
                  <NavLink entry={entry} isSelected={isPathActive(pathname, entry.path)} variant="sidebar" />
                </li>
              ))}
            </ul>
          </div>
        </nav>
      )}

      <main {...mainContentProps} className={styles.main}>
        <div className={styles.toolbarSpace} />
        <MovedClockBanner />
        <EmailVerificationBanner user={user} />
        <Outlet context={{ user } satisfies ShellContext} />
      </main>

      {!isDesktop && (
        <nav aria-label="Quick navigation" className={styles.bottomBar}>
          <ul className={styles.bottomList}>
            {bottomEntries.map((entry) => (
              <li key={entry.path} className={styles.bottomItem}>
                <NavLink entry={entry} isSelected={isPathActive(pathname, entry.path)} variant="bottom" />
              </li>
            ))}
          </ul>
        </nav>
      )}
    </div>
  );
}

/** The member entries, plus the way into the back office for admins. */
function getSidebarEntries(user: { isAdmin: boolean }): readonly NavEntry[] {
  return user.isAdmin ? [...memberNavEntries, adminWorkspaceEntry] : memberNavEntries;
}

/** An entry of the sidebar (icon and label in a row) or of the bottom bar (the label under the icon). */
function NavLink({
  entry,
  isSelected,
  variant,
}: {
  entry: NavEntry;
  isSelected: boolean;
  variant: 'sidebar' | 'bottom';
}) {
  const isSidebar = variant === 'sidebar';
  return (
    <RouterLink
      to={entry.path}
      aria-current={isSelected ? 'page' : undefined}
      className={isSidebar ? styles.sidebarLink : styles.bottomLink}
    >
      <span className={isSidebar ? styles.sidebarIcon : styles.bottomIcon}>{entry.icon}</span>
      <span className={isSidebar ? styles.sidebarText : styles.bottomLabel}>{entry.label}</span>
    </RouterLink>
  );
}
