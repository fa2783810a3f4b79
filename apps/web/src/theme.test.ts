import { describe, expect, it } from 'vitest';
import { PHONE_QUERY, WIDE_SCREEN_QUERY } from './components/plain/media-queries';
import { theme, themeCssVariables } from './theme';

describe('the theme as custom properties', () => {
  const variables = themeCssVariables(theme);

  it("gives the plain parts the theme's own colours", () => {
    expect(variables['--lt-primary']).toBe(theme.palette.primary.main);
    expect(variables['--lt-text-secondary']).toBe(theme.palette.text.secondary);
    expect(variables['--lt-error']).toBe(theme.palette.error.main);
    expect(variables['--lt-radius']).toBe(`${theme.shape.borderRadius}px`);
  });

  it("works out an alert's colours as MUI's standard alert does", () => {
    // The colours MUI's info alert is drawn with in this theme, read off the page in Chromium.
    expect(variables['--lt-alert-info-text']).toBe('rgb(1, 67, 97)');
    expect(variables['--lt-alert-info-background']).toBe('rgb(229, 246, 253)');
    for (const severity of ['success', 'warning', 'error']) {
      expect(variables[`--lt-alert-${severity}-text`], severity).toMatch(/^rgb\(\d+, \d+, \d+\)$/);
      expect(variables[`--lt-alert-${severity}-background`], severity).toMatch(/^rgb\(\d+, \d+, \d+\)$/);
    }
  });
});

describe("the plain parts' media queries", () => {
  it("are the theme's breakpoints", () => {
    expect(`@media ${WIDE_SCREEN_QUERY}`).toBe(theme.breakpoints.up('md'));
    expect(`@media ${PHONE_QUERY}`).toBe(theme.breakpoints.down('sm'));
  });
});
