import styles from '../components/plain/plain.module.css';

/** The id of each shell's `<main>`, which the skip link leads to. */
export const MAIN_CONTENT_ID = 'main-content';

/**
 * "Skip to main content": the first stop of the keyboard on every page of a shell, out of sight
 * until it is focused. It moves the focus itself (rather than following the link) so that the
 * router's address stays as it was and the next Tab continues inside the page.
 */
export function SkipLink() {
  return (
    <a
      href={`#${MAIN_CONTENT_ID}`}
      className={styles.skipLink}
      onClick={(event) => {
        event.preventDefault();
        document.getElementById(MAIN_CONTENT_ID)?.focus();
      }}
    >
      Skip to main content
    </a>
  );
}

/** What a shell's `<main>` needs so that the skip link can move the focus to it. */
export const mainContentProps = {
  id: MAIN_CONTENT_ID,
  tabIndex: -1,
} as const;

/** The main landmark takes the focus only from the skip link; it is not a control, so no ring. */
export const mainContentFocusSx = { '&:focus': { outline: 'none' } } as const;
