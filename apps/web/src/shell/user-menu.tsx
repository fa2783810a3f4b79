import Logout from '@mui/icons-material/Logout';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import MenuList from '@mui/material/MenuList';
import Popover from '@mui/material/Popover';
import Typography from '@mui/material/Typography';
import { useId, useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { useLogout } from '../features/auth/api';
import type { CurrentUser } from '../lib/current-user';
import { getAvatarInitial, getDisplayName } from '../lib/formatters';

export interface UserMenuLink {
  label: string;
  to: string;
  icon: ReactNode;
}

/**
 * The avatar button of an app bar and what it opens: who is signed in, then a menu of the given links
 * and Logout. The opened panel is a small dialog, so that the name and e-mail above the menu are
 * read with it (a menu may hold only its items).
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
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const panelId = useId();
  const logout = useLogout();
  const isOpen = Boolean(anchor);
  const close = () => setAnchor(null);

  return (
    <>
      <IconButton
        onClick={(event) => setAnchor(event.currentTarget)}
        aria-label="Open user menu"
        aria-controls={isOpen ? panelId : undefined}
        aria-haspopup="dialog"
        aria-expanded={isOpen ? 'true' : undefined}
        sx={{ p: 0.5 }}
      >
        <Avatar sx={{ width: 36, height: 36, bgcolor: 'primary.main', fontSize: '1rem', fontWeight: 600 }}>
          {getAvatarInitial(user)}
        </Avatar>
      </IconButton>
      <Popover
        id={panelId}
        anchorEl={anchor}
        open={isOpen}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
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
        <MenuList autoFocusItem={isOpen} aria-label="Account">
          {links.map((link) => (
            <MenuItem key={link.to} component={RouterLink} to={link.to} onClick={close}>
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
    </>
  );
}
