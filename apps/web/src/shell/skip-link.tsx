import Box from '@mui/material/Box';

/** The id of each shell's `<main>`, which the skip link leads to. */
export const MAIN_CONTENT_ID = 'main-content';

/**
 * "Skip to main content": the first stop of the keyboard on every page of a shell, out of sight
 * until it is focused. It moves the focus itself (rather than following the link) so that the
 * router's address stays as it was and the next Tab continues inside the page.
 */
export function SkipLink() {
  return (
    <Box
      component="a"
      href={`#${MAIN_CONTENT_ID}`}
      onClick={(event) => {
        event.preventDefault();
        document.getElementById(MAIN_CONTENT_ID)?.focus();
      }}
      sx={{
        position: 'fixed',
        top: 8,
        left: 8,
        zIndex: (theme) => theme.zIndex.tooltip + 1,
        px: 2,
        py: 1.5,
        borderRadius: 2,
        bgcolor: 'background.paper',
        color: 'primary.main',
        fontWeight: 600,
        textDecoration: 'underline',
        boxShadow: '0 4px 16px rgba(0, 0, 0, 0.2)',
        // Moved up far enough that its shadow does not show either.
        transform: 'translateY(calc(-100% - 40px))',
        '&:focus': {
          transform: 'none',
          outline: '3px solid',
          outlineColor: 'primary.main',
          outlineOffset: 2,
        },
      }}
    >
      Skip to main content
    </Box>
  );
}

/** What a shell's `<main>` needs so that the skip link can move the focus to it. */
export const mainContentProps = {
  id: MAIN_CONTENT_ID,
  tabIndex: -1,
} as const;

/** The main landmark takes the focus only from the skip link; it is not a control, so no ring. */
export const mainContentFocusSx = { '&:focus': { outline: 'none' } } as const;
