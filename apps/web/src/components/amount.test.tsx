import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Amount } from './amount';

const NO_BREAK = '<span style="white-space:nowrap">';

describe('an amount in a sentence', () => {
  // A narrow screen broke "(R 1 500.50)" into "(R" and "1 500.50)".
  it('keeps a rand amount on one line, in the words of the formatter', () => {
    expect(
      renderToStaticMarkup(
        <p>
          (<Amount rand={1500.5} />)
        </p>,
      ),
    ).toBe(`<p>(${NO_BREAK}R 1 500.50</span>)</p>`);
  });

  it('keeps an amount in cents on one line', () => {
    expect(renderToStaticMarkup(<Amount cents={-123_456} />)).toBe(`${NO_BREAK}-R 1 234.56</span>`);
  });
});
