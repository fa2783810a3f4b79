import { ThemeProvider } from '@mui/material/styles';
import type { ComponentType, ReactNode } from 'react';
import { theme } from '../theme';

/**
 * The theme for MUI's components below it. The app's root has none, so that the first screens drawn
 * with plain parts (the dashboard, the wizard's frame) download no MUI: each page or panel that draws
 * MUI's components is put under it (`withMuiTheme` for a route's page). The page-wide baseline is a
 * static sheet (build/theme-style.ts).
 */
export function MuiTheme({ children }: { children: ReactNode }) {
  return <ThemeProvider theme={theme}>{children}</ThemeProvider>;
}

/** `Page` drawn under the theme: for a route whose page draws MUI's components. */
export function withMuiTheme<P extends object>(Page: ComponentType<P>): ComponentType<P> {
  function Themed(props: P) {
    return (
      <MuiTheme>
        <Page {...props} />
      </MuiTheme>
    );
  }
  Themed.displayName = `withMuiTheme(${Page.displayName ?? Page.name})`;
  return Themed;
}
