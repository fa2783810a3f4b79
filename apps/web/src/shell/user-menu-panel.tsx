import Check from '@mui/icons-material/Check';
import Logout from '@mui/icons-material/Logout';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import MenuList from '@mui/material/MenuList';
import Popover from '@mui/material/Popover';
import Typography from '@mui/material/Typography';
import Alert from '@mui/material/Alert';
import ListSubheader from '@mui/material/ListSubheader';
import { Link as RouterLink } from 'react-router';
import { belowAppBarButton } from '../components/app-bar-popover';
import { useLogout, useMyCooperatives, useSwitchCooperative } from '../features/auth/api';
import { getErrorMessage } from '../lib/api-client';
import type { CurrentUser } from '../lib/current-user';
import { getDisplayName } from '../lib/formatters';
import type { UserMenuLink } from './user-menu';
import { MuiTheme } from '../components/mui-theme';

/**
 * What the user menu opens: who is signed in, then a menu of the given links and Logout. It is a small
 * dialog, so that the name and e-mail above the menu are read with it (a menu may hold only its items).
 * Fetched the first time the menu opens.
 */
export function UserMenuPanel({
  id,
  user,
  roleLabel,
  links,
  anchor,
  onClose,
}: {
  id: string;
  user: CurrentUser;
  roleLabel?: string;
  links: readonly UserMenuLink[];
  anchor: HTMLElement | null;
  onClose: () => void;
}) {
  const logout = useLogout();
  const cooperatives = useMyCooperatives();
  const switchTo = useSwitchCooperative();
  const isOpen = Boolean(anchor);
  // Only a person in more than one cooperative chooses between them.
  const choices = cooperatives.data && cooperatives.data.length > 1 ? cooperatives.data : [];
  return (
    <MuiTheme>
      <Popover
        id={id}
        anchorEl={anchor}
        open={isOpen}
        onClose={onClose}
        {...belowAppBarButton}
        slotProps={{
          paper: {
            role: 'dialog',
            'aria-label': 'User menu',
            sx: { mt: 1, minWidth: 240, maxWidth: 'calc(100vw - 32px)' },
          },
        }}
      >
        <Box sx={{ px: 2, py: 1.5 }}>
          <Typography sx={{ fontWeight: 600 }} noWrap>
            {getDisplayName(user)}
          </Typography>
          <Typography variant="body2" color="text.secondary" noWrap>
            {user.email}
          </Typography>
          {roleLabel && (
            <Typography variant="caption" color="primary" sx={{ fontWeight: 600 }}>
              {roleLabel}
            </Typography>
          )}
        </Box>
        <Divider />
        {choices.length > 0 && (
          <>
            <MenuList aria-label="Your cooperatives" subheader={<ListSubheader>Your cooperatives</ListSubheader>}>
              {choices.map((cooperative) => (
                <MenuItem
                  key={cooperative.id}
                  selected={cooperative.isCurrent}
                  aria-current={cooperative.isCurrent ? 'true' : undefined}
                  disabled={switchTo.isPending}
                  onClick={() => (cooperative.isCurrent ? onClose() : switchTo.mutate(cooperative.id))}
                >
                  <ListItemIcon>
                    {switchTo.isPending && switchTo.variables === cooperative.id ? (
                      <CircularProgress size={20} aria-label={`Opening ${cooperative.name}`} />
                    ) : cooperative.isCurrent ? (
                      <Check fontSize="small" />
                    ) : null}
                  </ListItemIcon>
                  <ListItemText>{cooperative.name}</ListItemText>
                </MenuItem>
              ))}
            </MenuList>
            {switchTo.isError && (
              <Alert severity="error" sx={{ mx: 2, mb: 1 }}>
                {getErrorMessage(switchTo.error, 'Could not open that cooperative. Please try again.')}
              </Alert>
            )}
            <Divider />
          </>
        )}
        <MenuList autoFocusItem={isOpen} aria-label="Account">
          {links.map((link) => (
            <MenuItem key={link.to} component={RouterLink} to={link.to} onClick={onClose}>
              <ListItemIcon>{link.icon}</ListItemIcon>
              <ListItemText>{link.label}</ListItemText>
            </MenuItem>
          ))}
          {links.length > 0 && <Divider />}
          <MenuItem onClick={() => logout.mutate()} disabled={logout.isPending}>
            <ListItemIcon>
              {logout.isPending ? <CircularProgress size={20} aria-label="Signing out" /> : <Logout fontSize="small" />}
            </ListItemIcon>
            <ListItemText>Logout</ListItemText>
          </MenuItem>
        </MenuList>
      </Popover>
    </MuiTheme>
  );
}
