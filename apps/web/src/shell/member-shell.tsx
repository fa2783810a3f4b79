import SettingsOutlined from '@mui/icons-material/SettingsOutlined';
import AppBar from '@mui/material/AppBar';
import BottomNavigation from '@mui/material/BottomNavigation';
import BottomNavigationAction from '@mui/material/BottomNavigationAction';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Toolbar from '@mui/material/Toolbar';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { Link as RouterLink, Navigate, Outlet, useLocation } from 'react-router';
import { EmailVerificationBanner } from '../features/auth/email-verification-banner';
import { BrandLogo } from '../components/brand-logo';
import { adminWorkspaceEntry, BOTTOM_NAV_COUNT, memberNavEntries, type NavEntry } from './member-nav';
import { isPathActive } from './nav-paths';
import { NotificationSlot } from './notification-slot';
import { useShellUser, type ShellContext } from './shell-context';
import { mainContentFocusSx, mainContentProps, SkipLink } from './skip-link';
import { UserMenu, type UserMenuLink } from './user-menu';

export const MEMBER_SIDEBAR_WIDTH = 260;
const BOTTOM_BAR_HEIGHT = 64;

const settingsLink: UserMenuLink = { label: 'Settings', to: '/settings', icon: <SettingsOutlined fontSize="small" /> };

/** The member area's frame: sidebar (bottom bar on small screens), app bar with the user menu, and the page. */
export function MemberShell() {
  const user = useShellUser();
  const { pathname } = useLocation();
  const theme = useTheme();
  const isDesktop = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });

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
  const bottomValue = bottomEntries.findIndex((entry) => isPathActive(pathname, entry.path));

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      <SkipLink />
      <AppBar
        position="fixed"
        sx={{
          width: { md: `calc(100% - ${MEMBER_SIDEBAR_WIDTH}px)` },
          ml: { md: `${MEMBER_SIDEBAR_WIDTH}px` },
        }}
      >
        <Toolbar sx={{ gap: 1 }}>
          <Box sx={{ display: { xs: 'flex', md: 'none' } }}>
            <BrandLogo size={28} />
          </Box>
          <Box sx={{ flexGrow: 1 }} />
          <NotificationSlot />
          <UserMenu user={user} links={menuLinks} />
        </Toolbar>
      </AppBar>

      {/* Each bar is drawn only where it shows: on a phone the sidebar would be rendered for nothing. */}
      {isDesktop && (
        <Drawer
          variant="permanent"
          component="nav"
          aria-label="Main navigation"
          sx={{
            width: MEMBER_SIDEBAR_WIDTH,
            flexShrink: 0,
            '& .MuiDrawer-paper': { width: MEMBER_SIDEBAR_WIDTH, boxSizing: 'border-box' },
          }}
        >
          <Toolbar sx={{ px: 2.5 }}>
            <BrandLogo />
          </Toolbar>
          <List sx={{ px: 1.5, py: 1 }}>
            {sidebarEntries.map((entry) => (
              <Box component="li" key={entry.path}>
                <SidebarLink entry={entry} isSelected={isPathActive(pathname, entry.path)} />
              </Box>
            ))}
          </List>
        </Drawer>
      )}

      <Box
        component="main"
        {...mainContentProps}
        sx={{
          flexGrow: 1,
          minWidth: 0,
          px: { xs: 2, sm: 3, md: 4 },
          pt: { xs: 2, sm: 3, md: 4 },
          pb: { xs: `${BOTTOM_BAR_HEIGHT + 24}px`, md: 4 },
          ...mainContentFocusSx,
        }}
      >
        <Toolbar />
        <EmailVerificationBanner user={user} />
        <Outlet context={{ user } satisfies ShellContext} />
      </Box>

      {!isDesktop && (
        <Paper
          component="nav"
          aria-label="Quick navigation"
          square
          sx={{
            position: 'fixed',
            left: 0,
            right: 0,
            bottom: 0,
            zIndex: (t) => t.zIndex.appBar,
            borderRadius: 0,
            boxShadow: 'none',
            borderTop: 1,
            borderColor: 'divider',
            pb: 'env(safe-area-inset-bottom)',
          }}
        >
          <BottomNavigation
            showLabels
            value={bottomValue === -1 ? false : bottomValue}
            sx={{ height: BOTTOM_BAR_HEIGHT }}
          >
            {bottomEntries.map((entry) => (
              <BottomNavigationAction
                key={entry.path}
                component={RouterLink}
                to={entry.path}
                label={entry.label}
                icon={entry.icon}
              />
            ))}
          </BottomNavigation>
        </Paper>
      )}
    </Box>
  );
}

/** The member entries, plus the way into the back office for admins. */
function getSidebarEntries(user: { isAdmin: boolean }): readonly NavEntry[] {
  return user.isAdmin ? [...memberNavEntries, adminWorkspaceEntry] : memberNavEntries;
}

function SidebarLink({ entry, isSelected }: { entry: NavEntry; isSelected: boolean }) {
  return (
    <ListItemButton
      component={RouterLink}
      to={entry.path}
      selected={isSelected}
      aria-current={isSelected ? 'page' : undefined}
      sx={{
        mb: 0.5,
        '&.Mui-selected': { bgcolor: 'rgba(0, 122, 255, 0.1)', color: 'primary.main' },
        '&.Mui-selected:hover': { bgcolor: 'rgba(0, 122, 255, 0.14)' },
        '&.Mui-selected .MuiListItemIcon-root': { color: 'primary.main' },
      }}
    >
      <ListItemIcon sx={{ minWidth: 40 }}>{entry.icon}</ListItemIcon>
      <ListItemText primary={entry.label} slotProps={{ primary: { sx: { fontWeight: isSelected ? 600 : 500 } } }} />
    </ListItemButton>
  );
}
