import ChevronLeft from '@mui/icons-material/ChevronLeft';
import Close from '@mui/icons-material/Close';
import MenuIcon from '@mui/icons-material/Menu';
import MenuOpen from '@mui/icons-material/MenuOpen';
import SettingsOutlined from '@mui/icons-material/SettingsOutlined';
import AppBar from '@mui/material/AppBar';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Toolbar from '@mui/material/Toolbar';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink, Outlet, useLocation } from 'react-router';
import { EmailVerificationBanner } from '../features/auth/email-verification-banner';
import { MovedClockBanner } from './moved-clock-banner';
import { BrandLogo } from '../components/brand-logo';
import { currentUserKey, type CurrentUser } from '../lib/current-user';
import { getAvatarInitial, getDisplayName } from '../lib/formatters';
import { getAdminLabel, getVisibleAdminEntries, type AdminNavEntry } from './admin-nav';
import { isPathActive } from './nav-paths';
import { NotificationSlot } from './notification-slot';
import type { ShellContext } from './shell-context';
import { mainContentFocusSx, mainContentProps, SkipLink } from './skip-link';
import { UserMenu, type UserMenuLink } from './user-menu';

export const ADMIN_SIDEBAR_WIDTH = 280;
export const ADMIN_SIDEBAR_COLLAPSED_WIDTH = 72;
const COLLAPSED_KEY = 'adminSidebarCollapsed';
const MOBILE_NAVIGATION_ID = 'admin-mobile-navigation';

const settingsLink: UserMenuLink = {
  label: 'Settings',
  to: '/admin/settings',
  icon: <SettingsOutlined fontSize="small" />,
};

/** The back office's frame: a collapsible sidebar (a drawer on small screens), the app bar and the page. */
export function AdminShell({ user }: { user: CurrentUser }) {
  const [isCollapsed, setIsCollapsed] = useState(readCollapsed);
  const [isMobileOpen, setIsMobileOpen] = useState(false);
  const { pathname } = useLocation();
  useRecheckUserOnNavigation(pathname);
  const entries = getVisibleAdminEntries(user);
  const roleLabel = getAdminLabel(user);
  const width = isCollapsed ? ADMIN_SIDEBAR_COLLAPSED_WIDTH : ADMIN_SIDEBAR_WIDTH;

  const toggleCollapsed = () => {
    const next = !isCollapsed;
    setIsCollapsed(next);
    writeCollapsed(next);
  };

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      <SkipLink />
      <AppBar
        position="fixed"
        sx={(theme) => ({
          width: { md: `calc(100% - ${width}px)` },
          ml: { md: `${width}px` },
          transition: theme.transitions.create(['width', 'margin-left'], {
            duration: theme.transitions.duration.shorter,
          }),
        })}
      >
        <Toolbar sx={{ gap: 1 }}>
          <IconButton
            edge="start"
            aria-label="Open navigation"
            aria-controls={MOBILE_NAVIGATION_ID}
            aria-expanded={isMobileOpen}
            onClick={() => setIsMobileOpen(true)}
            sx={{ display: { md: 'none' } }}
          >
            <MenuIcon />
          </IconButton>
          <Box sx={{ display: { xs: 'flex', md: 'none' } }}>
            <BrandLogo size={28} />
          </Box>
          <Typography sx={{ display: { xs: 'none', md: 'block' }, fontWeight: 600 }}>Admin Workspace</Typography>
          <Box sx={{ flexGrow: 1 }} />
          <NotificationSlot />
          <Box sx={{ display: { xs: 'none', sm: 'block' }, textAlign: 'right', minWidth: 0, mr: 0.5 }}>
            <Typography variant="body2" sx={{ fontWeight: 600, maxWidth: 220 }} noWrap>
              {getDisplayName(user)}
            </Typography>
            <Typography variant="caption" color="text.secondary">
              {roleLabel}
            </Typography>
          </Box>
          <UserMenu user={user} roleLabel={roleLabel} links={[settingsLink]} />
        </Toolbar>
      </AppBar>

      <Drawer
        variant="permanent"
        component="nav"
        aria-label="Admin navigation"
        sx={(theme) => ({
          display: { xs: 'none', md: 'block' },
          width,
          flexShrink: 0,
          whiteSpace: 'nowrap',
          transition: theme.transitions.create('width', { duration: theme.transitions.duration.shorter }),
          '& .MuiDrawer-paper': {
            width,
            boxSizing: 'border-box',
            overflowX: 'hidden',
            transition: theme.transitions.create('width', { duration: theme.transitions.duration.shorter }),
          },
        })}
      >
        <Toolbar sx={{ px: isCollapsed ? 1 : 2.5, justifyContent: isCollapsed ? 'center' : 'space-between' }}>
          {!isCollapsed && <BrandLogo />}
          <Tooltip title={isCollapsed ? 'Expand sidebar' : 'Collapse sidebar'} placement="right">
            <IconButton
              onClick={toggleCollapsed}
              aria-label={isCollapsed ? 'Expand sidebar' : 'Collapse sidebar'}
              aria-expanded={!isCollapsed}
            >
              {isCollapsed ? <MenuOpen sx={{ transform: 'scaleX(-1)' }} /> : <ChevronLeft />}
            </IconButton>
          </Tooltip>
        </Toolbar>
        <AdminNavList entries={entries} pathname={pathname} isCollapsed={isCollapsed} />
        <Box sx={{ flexGrow: 1 }} />
        <Divider />
        <AdminIdentity user={user} roleLabel={roleLabel} isCollapsed={isCollapsed} />
      </Drawer>

      <Drawer
        variant="temporary"
        open={isMobileOpen}
        onClose={() => setIsMobileOpen(false)}
        ModalProps={{ keepMounted: true }}
        slotProps={{ paper: { id: MOBILE_NAVIGATION_ID, 'aria-label': 'Navigation' } }}
        sx={{
          display: { xs: 'block', md: 'none' },
          '& .MuiDrawer-paper': { width: ADMIN_SIDEBAR_WIDTH, maxWidth: '85vw', boxSizing: 'border-box' },
        }}
      >
        <Box
          component="nav"
          aria-label="Admin navigation"
          sx={{ display: 'flex', flexDirection: 'column', height: '100%' }}
        >
          <Toolbar sx={{ px: 2.5, justifyContent: 'space-between' }}>
            <BrandLogo />
            <IconButton aria-label="Close navigation" onClick={() => setIsMobileOpen(false)} edge="end">
              <Close />
            </IconButton>
          </Toolbar>
          <AdminNavList
            entries={entries}
            pathname={pathname}
            isCollapsed={false}
            onNavigate={() => setIsMobileOpen(false)}
          />
          <Box sx={{ flexGrow: 1 }} />
          <Divider />
          <AdminIdentity user={user} roleLabel={roleLabel} isCollapsed={false} />
        </Box>
      </Drawer>

      <Box
        component="main"
        {...mainContentProps}
        sx={{
          flexGrow: 1,
          minWidth: 0,
          px: { xs: 2, sm: 3, md: 4 },
          pt: { xs: 2, sm: 3, md: 4 },
          pb: 4,
          ...mainContentFocusSx,
        }}
      >
        <Toolbar />
        <MovedClockBanner />
        <EmailVerificationBanner user={user} />
        <Outlet context={{ user } satisfies ShellContext} />
      </Box>
    </Box>
  );
}

/**
 * Loads the signed-in admin again on every move within the admin area, so a suspension (the call
 * answers 401 and the session ends) or a change of roles takes effect on the admin's next click.
 */
function useRecheckUserOnNavigation(pathname: string) {
  const queryClient = useQueryClient();
  const lastPath = useRef(pathname);
  useEffect(() => {
    if (lastPath.current === pathname) return;
    lastPath.current = pathname;
    void queryClient.refetchQueries({ queryKey: currentUserKey, exact: true });
  }, [pathname, queryClient]);
}

function AdminNavList({
  entries,
  pathname,
  isCollapsed,
  onNavigate,
}: {
  entries: readonly AdminNavEntry[];
  pathname: string;
  isCollapsed: boolean;
  onNavigate?: () => void;
}) {
  return (
    <List sx={{ px: isCollapsed ? 1 : 1.5, py: 1 }}>
      {entries.map((entry) => {
        const isSelected = isPathActive(pathname, entry.path, entry.isExact);
        const button = (
          <ListItemButton
            component={RouterLink}
            to={entry.path}
            onClick={onNavigate}
            selected={isSelected}
            aria-current={isSelected ? 'page' : undefined}
            aria-label={isCollapsed ? entry.label : undefined}
            sx={{
              mb: 0.5,
              minHeight: 44,
              justifyContent: isCollapsed ? 'center' : 'flex-start',
              px: isCollapsed ? 1.5 : 2,
              '&.Mui-selected': { bgcolor: 'rgba(0, 122, 255, 0.1)', color: 'primary.main' },
              '&.Mui-selected:hover': { bgcolor: 'rgba(0, 122, 255, 0.14)' },
              '&.Mui-selected .MuiListItemIcon-root': { color: 'primary.main' },
            }}
          >
            <ListItemIcon sx={{ minWidth: isCollapsed ? 0 : 40, justifyContent: 'center' }}>{entry.icon}</ListItemIcon>
            {!isCollapsed && (
              <ListItemText
                primary={entry.label}
                slotProps={{ primary: { sx: { fontWeight: isSelected ? 600 : 500 } } }}
              />
            )}
          </ListItemButton>
        );
        return (
          <Box component="li" key={entry.path}>
            {isCollapsed ? (
              <Tooltip title={entry.label} placement="right">
                {button}
              </Tooltip>
            ) : (
              button
            )}
          </Box>
        );
      })}
    </List>
  );
}

function AdminIdentity({
  user,
  roleLabel,
  isCollapsed,
}: {
  user: CurrentUser;
  roleLabel: string;
  isCollapsed: boolean;
}) {
  const avatar = (
    <Avatar sx={{ width: 36, height: 36, bgcolor: 'secondary.main', fontSize: '1rem', fontWeight: 600 }}>
      {getAvatarInitial(user)}
    </Avatar>
  );
  if (isCollapsed) {
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 1.5 }}>
        <Tooltip title={`${getDisplayName(user)} (${roleLabel})`} placement="right">
          {avatar}
        </Tooltip>
      </Box>
    );
  }
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, px: 2.5, py: 1.5, minWidth: 0 }}>
      {avatar}
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="body2" sx={{ fontWeight: 600 }} noWrap>
          {getDisplayName(user)}
        </Typography>
        <Typography variant="caption" color="text.secondary">
          {roleLabel}
        </Typography>
      </Box>
    </Box>
  );
}

function readCollapsed(): boolean {
  try {
    return localStorage.getItem(COLLAPSED_KEY) === 'true';
  } catch {
    return false;
  }
}

function writeCollapsed(isCollapsed: boolean): void {
  try {
    localStorage.setItem(COLLAPSED_KEY, String(isCollapsed));
  } catch {
    // The choice then lasts only for this visit.
  }
}
