/** The place in both app bars where the notification bell goes, left of the user menu. */
export function NotificationSlot() {
  return null;
}
