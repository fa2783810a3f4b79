import type { AlertProps } from '@mui/material/Alert';
import { createTheme, darken, lighten, type Theme } from '@mui/material/styles';

type AlertOwnerState = Pick<AlertProps, 'role' | 'severity'>;

const fontFamily = [
  '-apple-system',
  'BlinkMacSystemFont',
  '"SF Pro Text"',
  '"Segoe UI"',
  'Roboto',
  '"Helvetica Neue"',
  'Arial',
  'sans-serif',
  '"Apple Color Emoji"',
  '"Segoe UI Emoji"',
].join(', ');

const softShadow = '0 1px 3px rgba(0, 0, 0, 0.06), 0 4px 12px rgba(0, 0, 0, 0.04)';
const hairline = 'rgba(60, 60, 67, 0.18)';
const primaryMain = '#0066D6';

/**
 * The ring around whatever the keyboard has reached. MUI marks a control reached by the keyboard
 * with `.Mui-focusVisible` and otherwise shows only a faint ripple, which fails WCAG 2.4.7.
 */
const focusRing = { outline: `2px solid ${primaryMain}`, outlineOffset: 2 } as const;
/** The same ring drawn inside, for rows that fill a box whose overflow is hidden (menus, lists, tabs). */
const insetFocusRing = { '&.Mui-focusVisible': { outlineOffset: -2 } } as const;

/** The light theme of the product (spec section 9). */
export const theme = createTheme({
  palette: {
    mode: 'light',
    // The spec's system colours, darkened where text on white or on the grey background would fall
    // below WCAG AA (4.5:1): blue #007AFF is 4.0:1, grey #8E8E93 3.3:1, green #34C759 2.2:1, red
    // #FF3B30 3.6:1 and orange #FF9500 2.2:1. Each replacement keeps its hue and passes on both.
    primary: { main: primaryMain, contrastText: '#FFFFFF' },
    secondary: { main: '#5856D6', contrastText: '#FFFFFF' },
    error: { main: '#D70015', contrastText: '#FFFFFF' },
    warning: { main: '#B25000', contrastText: '#FFFFFF' },
    success: { main: '#1F7A35', contrastText: '#FFFFFF' },
    background: { default: '#F2F2F7', paper: '#FFFFFF' },
    text: { primary: '#000000', secondary: '#6C6C70' },
    divider: hairline,
  },
  breakpoints: {
    values: { xs: 0, sm: 600, md: 900, lg: 1200, xl: 1536 },
  },
  spacing: 8,
  shape: { borderRadius: 10 },
  typography: {
    fontFamily,
    h1: { fontSize: '2.125rem', fontWeight: 700, lineHeight: 1.2 },
    h2: { fontSize: '1.75rem', fontWeight: 700, lineHeight: 1.25 },
    h3: { fontSize: '1.5rem', fontWeight: 700, lineHeight: 1.3 },
    h4: { fontSize: '1.25rem', fontWeight: 700, lineHeight: 1.35 },
    h5: { fontSize: '1.125rem', fontWeight: 600, lineHeight: 1.4 },
    h6: { fontSize: '1rem', fontWeight: 600, lineHeight: 1.4 },
    button: { textTransform: 'none', fontWeight: 600 },
  },
  components: {
    MuiCssBaseline: {
      styleOverrides: {
        // Links and other native controls get the same ring as MUI's buttons; `:where` keeps it
        // weaker than any component's own focus style (an outlined field shows a thicker border).
        ':where(:focus-visible)': focusRing,
      },
    },
    MuiButtonBase: {
      styleOverrides: {
        root: { '&.Mui-focusVisible': focusRing },
      },
    },
    MuiButton: {
      defaultProps: { disableElevation: true },
      styleOverrides: {
        root: {
          textTransform: 'none',
          fontWeight: 600,
          padding: '10px 20px',
          boxShadow: 'none',
          transition: 'transform 120ms ease, background-color 150ms ease',
          '&:hover': { boxShadow: 'none' },
          '&:active': { boxShadow: 'none' },
        },
      },
      variants: [
        {
          props: { variant: 'contained' },
          style: { '&:hover': { transform: 'scale(0.98)' } },
        },
      ],
    },
    MuiPaper: {
      defaultProps: { elevation: 1 },
      styleOverrides: {
        root: { backgroundImage: 'none' },
        rounded: { borderRadius: 12 },
        elevation1: { boxShadow: softShadow },
      },
    },
    MuiCard: {
      defaultProps: { elevation: 1 },
      styleOverrides: {
        root: { borderRadius: 12, boxShadow: softShadow },
      },
    },
    MuiChip: {
      styleOverrides: {
        root: { borderRadius: 8, fontWeight: 500 },
      },
    },
    MuiTextField: {
      defaultProps: { variant: 'outlined', fullWidth: true },
    },
    MuiOutlinedInput: {
      styleOverrides: {
        root: { backgroundColor: '#FFFFFF', borderRadius: 10 },
      },
    },
    MuiAppBar: {
      defaultProps: { elevation: 0, color: 'inherit' },
      styleOverrides: {
        root: {
          backgroundColor: '#FFFFFF',
          color: '#000000',
          boxShadow: 'none',
          borderBottom: `1px solid ${hairline}`,
          borderRadius: 0,
        },
      },
    },
    MuiDrawer: {
      styleOverrides: {
        paper: { borderRadius: 0, boxShadow: 'none', borderColor: hairline },
      },
    },
    MuiAlert: {
      defaultProps: {
        // Every message is announced as it appears: an error at once (role alert, assertive); a
        // success, an information or a warning when the screen reader is free (role status, polite).
        // A role given to one alert still wins; one given its own slotProps must set its role too.
        slotProps: {
          root: (ownerState: AlertOwnerState) => ({
            role: ownerState.role ?? (ownerState.severity === 'error' ? 'alert' : 'status'),
          }),
        },
      },
      styleOverrides: {
        root: { borderRadius: 10 },
      },
    },
    MuiTableCell: {
      styleOverrides: {
        // A right-aligned cell holds an amount or a count: "R 1 500.50" on one line, never "R" above
        // "1 500.50" in a narrow column.
        alignRight: { whiteSpace: 'nowrap' },
      },
    },
    MuiListItemButton: {
      styleOverrides: {
        root: { borderRadius: 10, ...insetFocusRing },
      },
    },
    MuiMenuItem: {
      styleOverrides: {
        root: insetFocusRing,
      },
    },
    MuiTab: {
      styleOverrides: {
        root: insetFocusRing,
      },
    },
    MuiBottomNavigationAction: {
      styleOverrides: {
        root: insetFocusRing,
      },
    },
  },
});

const severities = ['info', 'success', 'warning', 'error'] as const;

/**
 * The theme as CSS custom properties, for the parts of the first screens drawn with plain elements and
 * static style sheets (`components/plain`) instead of MUI's run-time styles. The values are the theme's
 * own, and an alert's colours are worked out as MUI's standard alert works them out, so that both kinds
 * of part look alike.
 */
export function themeCssVariables(source: Theme): Record<string, string> {
  const { palette } = source;
  const variables: Record<string, string> = {
    '--lt-primary': palette.primary.main,
    '--lt-on-primary': palette.primary.contrastText,
    '--lt-primary-dark': palette.primary.dark,
    '--lt-primary-track': lighten(palette.primary.main, 0.62),
    '--lt-secondary': palette.secondary.main,
    '--lt-text': palette.text.primary,
    '--lt-text-secondary': palette.text.secondary,
    '--lt-icon': palette.action.active,
    '--lt-text-disabled': palette.text.disabled,
    '--lt-action-disabled': palette.action.disabled,
    '--lt-hover': palette.action.hover,
    '--lt-divider': palette.divider,
    '--lt-paper': palette.background.paper,
    '--lt-background': palette.background.default,
    '--lt-radius': `${source.shape.borderRadius}px`,
    '--lt-shadow': softShadow,
    '--lt-chip-default': palette.action.selected,
  };
  for (const severity of severities) {
    const colour = palette[severity];
    variables[`--lt-${severity}`] = colour.main;
    variables[`--lt-on-${severity}`] = colour.contrastText;
    // A determinate bar's track, as MUI's LinearProgress works it out.
    variables[`--lt-${severity}-track`] = lighten(colour.main, 0.62);
    variables[`--lt-alert-${severity}-text`] = darken(colour.light, 0.6);
    variables[`--lt-alert-${severity}-background`] = lighten(colour.light, 0.9);
  }
  return variables;
}
