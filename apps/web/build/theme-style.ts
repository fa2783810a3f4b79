import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider, type Theme } from '@mui/material/styles';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { Plugin } from 'vite';
import { theme, themeCssVariables } from '../src/theme';

/**
 * The page-wide styles of the theme as one static sheet: its colours as custom properties (read by the
 * plain parts, `components/plain`) and MUI's baseline (`CssBaseline`: the body's font, colours and
 * margin, border-box sizing, the theme's focus ring). The baseline is MUI's own, drawn once here by
 * MUI and emotion, so the page is styled before any script runs and no page has to download MUI to
 * get it.
 */
export function themeStyleSheet(source: Theme = theme): string {
  const variables = Object.entries(themeCssVariables(source))
    .map(([name, value]) => `${name}:${value};`)
    .join('');
  return `:root{${variables}}${baselineCss(source)}`;
}

/** MUI's `CssBaseline` under `source`, as the CSS emotion writes for it. */
function baselineCss(source: Theme): string {
  const markup = renderToStaticMarkup(createElement(ThemeProvider, { theme: source }, createElement(CssBaseline)));
  const match = /^<style[^>]*>([\s\S]*)<\/style>$/.exec(markup);
  if (!match?.[1]) throw new Error(`CssBaseline drew no style element: ${markup.slice(0, 120)}`);
  return match[1];
}

/** The Vite plugin: puts the sheet in the head of `index.html`, so it comes with the page itself. */
export function themeStyle(): Plugin {
  return {
    name: 'letsema-theme-style',
    transformIndexHtml: {
      order: 'pre',
      handler: () => [{ tag: 'style', children: themeStyleSheet(), injectTo: 'head' }],
    },
  };
}
