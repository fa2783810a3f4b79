import Avatar from '@mui/material/Avatar';
import { getAvatarInitial } from '../../../lib/formatters';
import { useProtectedFile } from './files-api';

/** A member's avatar: their profile photo loaded with the admin's token, else the initial. */
export function ProtectedAvatar({
  user,
  size = 48,
}: {
  user: { fullName: string | null; email: string; profilePictureUrl: string | null };
  size?: number;
}) {
  const photo = useProtectedFile(user.profilePictureUrl);
  return (
    <Avatar
      src={photo.objectUrl ?? undefined}
      alt={photo.objectUrl ? `Profile photo of ${user.fullName?.trim() || user.email}` : undefined}
      sx={{
        width: size,
        height: size,
        bgcolor: 'secondary.main',
        fontSize: size * 0.42,
        fontWeight: 600,
        flexShrink: 0,
      }}
    >
      {getAvatarInitial(user)}
    </Avatar>
  );
}
