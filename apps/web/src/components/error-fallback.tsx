import { errorIcon, MessagePage, messageActionStyles } from './message-page';

/** The friendly page shown when something breaks while drawing the screen. */
export function ErrorFallback({
  title = 'Something went wrong',
  message = 'An unexpected error stopped this page from loading. Please try again.',
}: {
  title?: string;
  message?: string;
}) {
  return (
    <MessagePage
      role="alert"
      icon={errorIcon}
      iconColour="var(--lt-error)"
      title={title}
      message={message}
      minHeight="100vh"
      maxWidth={480}
    >
      <button type="button" style={messageActionStyles.contained} onClick={() => window.location.reload()}>
        Reload page
      </button>
      <a href="/" style={messageActionStyles.outlined}>
        Go to home
      </a>
    </MessagePage>
  );
}
