import { Link as RouterLink } from 'react-router';
import { MessagePage, messageActionStyles, searchOffIcon } from './message-page';

/** Shown for an address that matches no page. */
export function NotFound({ homePath = '/' }: { homePath?: string }) {
  return (
    <MessagePage
      icon={searchOffIcon}
      iconColour="var(--lt-action-disabled)"
      title="Page not found"
      message="The page you are looking for does not exist or has moved."
      minHeight="60vh"
      maxWidth={440}
    >
      <RouterLink to={homePath} style={messageActionStyles.contained}>
        Go to home
      </RouterLink>
    </MessagePage>
  );
}
