/** The letter shown in a user's avatar: the first of the full name, else of the e-mail address. */
export function getAvatarInitial(user: { fullName: string | null; email: string }): string {
  const source = user.fullName?.trim() || user.email;
  return source.charAt(0).toUpperCase();
}

/** The name to show for a user: the full name, else the e-mail address. */
export function getDisplayName(user: { fullName: string | null; email: string }): string {
  return user.fullName?.trim() || user.email;
}
