import { describe, expect, it } from 'vitest';
import { theme } from '../src/theme';
import { themeStyleSheet } from './theme-style';

describe("the theme's static sheet", () => {
  const sheet = themeStyleSheet();

  it("gives the plain parts the theme's colours as custom properties", () => {
    expect(sheet).toContain(`--lt-primary:${theme.palette.primary.main};`);
    expect(sheet).toContain(`--lt-background:${theme.palette.background.default};`);
  });

  it("holds MUI's baseline under the theme, with the theme's focus ring", () => {
    expect(sheet).toContain('body{margin:0;');
    expect(sheet).toContain(`background-color:${theme.palette.background.default};`);
    expect(sheet).toContain('*,*::before,*::after{box-sizing:inherit;}');
    expect(sheet).toMatch(/:where\(:focus-visible\)\{outline:2px solid #0066D6;outline-offset:2px;\}/);
  });
});
