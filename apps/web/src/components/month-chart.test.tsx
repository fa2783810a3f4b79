import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { readText } from '../lib/test-render';
import { MonthChart } from './month-chart';

describe('a month-by-month chart', () => {
  it('names the months of its table in words', () => {
    const html = renderToStaticMarkup(
      <MonthChart
        title="Income by month"
        periods={['2026-10', '2026-11']}
        series={[{ label: 'Income', values: [100, 1500.5], colour: '#1F7A35', type: 'bar' }]}
      />,
    );
    const rows = [...html.matchAll(/<tr>(.*?)<\/tr>/gs)].map((match) => readText(match[1]!));
    expect(rows).toEqual(['MonthIncome', 'October 2026R 100.00', 'November 2026R 1 500.50']);
  });
});
