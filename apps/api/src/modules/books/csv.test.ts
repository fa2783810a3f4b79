import { describe, expect, it } from 'vitest';
import { safeCsvText, writeCsv } from './csv.js';

describe('the CSV of an export', () => {
  it('writes amounts as plain rand numbers a spreadsheet adds up, never guarded', () => {
    const csv = writeCsv(
      ['Item', 'Amount (R)'],
      [
        ['Spent', { cents: -123_456 }],
        ['Earned', { cents: 100_000_000 }],
        ['Nothing', { cents: 0 }],
        ['Total', { cents: 99_876_544 }],
      ],
    );
    expect(csv.split('\r\n')).toEqual([
      'Item,Amount (R)',
      'Spent,-1234.56',
      'Earned,1000000.00',
      'Nothing,0.00',
      'Total,998765.44',
      '',
    ]);
  });

  it.each([
    ['=SUM(A1:A9)', "'=SUM(A1:A9)"],
    ['+27 82 000 0000', "'+27 82 000 0000"],
    ['-R 12.00', "'-R 12.00"],
    ['@cmd', "'@cmd"],
    ['\tTabbed', "'\tTabbed"],
    ['Banking Fees', 'Banking Fees'],
  ])('guards the text %j against being read as a formula', (text, written) => {
    expect(safeCsvText(text)).toBe(written);
    expect(writeCsv(['Text'], [[text]])).toBe(`Text\r\n${written}\r\n`);
  });
});
