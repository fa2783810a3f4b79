import { Table, TableBody, TableCell, TableRow } from '@mui/material';
import { ThemeProvider } from '@mui/material/styles';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { theme } from './theme';

/** The declarations of the style rule emotion wrote for the cell whose text is `text`. */
function cellStyle(markup: string, text: string): string {
  const cell = new RegExp(`<td class="[^"]*\\b(css-[\\w-]+)"[^>]*>${text}</td>`).exec(markup);
  if (!cell) throw new Error(`No cell reads ${text}`);
  const rule = new RegExp(`\\.${cell[1]}\\{([^}]*)\\}`).exec(markup);
  if (!rule) throw new Error(`No style rule for ${cell[1]}`);
  return rule[1]!;
}

describe("the theme's tables", () => {
  it('keeps an amount in a right-aligned cell on one line, and lets other cells wrap', () => {
    const markup = renderToStaticMarkup(
      <ThemeProvider theme={theme}>
        <Table>
          <TableBody>
            <TableRow>
              <TableCell>Monthly contribution to the pool</TableCell>
              <TableCell align="right">R 1 500.50</TableCell>
            </TableRow>
          </TableBody>
        </Table>
      </ThemeProvider>,
    );
    expect(cellStyle(markup, 'R 1 500.50')).toContain('white-space:nowrap');
    expect(cellStyle(markup, 'Monthly contribution to the pool')).not.toContain('white-space');
  });
});
