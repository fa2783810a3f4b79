import type { PDFFont, PDFPage } from '@cantoo/pdf-lib';

export interface PdfTable {
  heading?: string;
  columns: { label: string; width: number; align?: 'left' | 'right' }[];
  rows: string[][];
  /** Last rows drawn in bold (totals), in order. */
  footers?: string[][];
}

/** Who issues the paper, printed above its title on every report and statement. */
export interface PdfLetterhead {
  name: string;
  /** The cooperative's registration number, printed beside its name when it has one. */
  registrationNumber?: string;
  lines: string[];
}

export interface PdfReport {
  letterhead: PdfLetterhead;
  title: string;
  subtitle: string[];
  tables: PdfTable[];
  notes?: string[];
}

const PAGE = { width: 595.28, height: 841.89, margin: 48 };
const LINE = 15;

/**
 * The standard PDF fonts cover Latin-1 only: anything else (a name in another script) is written
 * with a question mark rather than failing the whole report.
 */
function printable(text: string): string {
  return text.normalize('NFC').replace(/[^\u0020-\u007e\u00a0-\u00ff]/g, '?');
}

/** A plain A4 report of tables, paginated, in the standard Helvetica fonts. */
export async function renderPdf(report: PdfReport, createdAt: Date): Promise<Buffer> {
  // Loaded with the first report rather than at every start: a third of a second of loading.
  const { PDFDocument, StandardFonts, rgb } = await import('@cantoo/pdf-lib');
  const doc = await PDFDocument.create();
  doc.setTitle(printable(report.title));
  doc.setProducer('Letsema');
  doc.setCreator('Letsema');
  doc.setCreationDate(createdAt);
  doc.setModificationDate(createdAt);
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  let page: PDFPage = doc.addPage([PAGE.width, PAGE.height]);
  let y = PAGE.height - PAGE.margin;

  const write = (text: string, x: number, font: PDFFont, size: number) => {
    page.drawText(printable(text), { x, y, size, font, color: rgb(0, 0, 0) });
  };
  /**
   * A cell's text in lines that fit its width: broken between words, and inside a word only when
   * the word alone is wider, so a long pool or member name is printed whole, never cut short.
   */
  const fitLines = (text: string, font: PDFFont, size: number, width: number): string[] => {
    const room = width - 4;
    const fits = (value: string) => font.widthOfTextAtSize(value, size) <= room;
    const lines: string[] = [];
    let current = '';
    for (const word of printable(text).split(/\s+/).filter(Boolean)) {
      const joined = current ? `${current} ${word}` : word;
      if (fits(joined)) {
        current = joined;
        continue;
      }
      if (current) lines.push(current);
      current = word;
      while (!fits(current) && current.length > 1) {
        let cut = current.length - 1;
        while (cut > 1 && !fits(current.slice(0, cut))) cut--;
        lines.push(current.slice(0, cut));
        current = current.slice(cut);
      }
    }
    lines.push(current);
    return lines;
  };
  const newLine = (height = LINE) => {
    y -= height;
    if (y < PAGE.margin) {
      page = doc.addPage([PAGE.width, PAGE.height]);
      y = PAGE.height - PAGE.margin;
    }
  };

  write(report.letterhead.name, PAGE.margin, bold, 13);
  if (report.letterhead.registrationNumber) {
    const beside = PAGE.margin + bold.widthOfTextAtSize(printable(report.letterhead.name), 13) + 12;
    write(`Registration number: ${report.letterhead.registrationNumber}`, beside, regular, 9);
  }
  newLine(16);
  for (const line of report.letterhead.lines) {
    write(line, PAGE.margin, regular, 9);
    newLine(12);
  }
  newLine(10);
  write(report.title, PAGE.margin, bold, 16);
  newLine(22);
  for (const line of report.subtitle) {
    write(line, PAGE.margin, regular, 10);
    newLine();
  }
  for (const table of report.tables) {
    newLine(8);
    if (table.heading) {
      write(table.heading, PAGE.margin, bold, 12);
      newLine(18);
    }
    const drawRow = (cells: string[], font: PDFFont) => {
      const celled = table.columns.map((column, index) => fitLines(cells[index] ?? '', font, 9, column.width));
      const height = Math.max(...celled.map((lines) => lines.length));
      for (let line = 0; line < height; line++) {
        let x = PAGE.margin;
        table.columns.forEach((column, index) => {
          const value = celled[index]![line] ?? '';
          const drawX = column.align === 'right' ? x + column.width - font.widthOfTextAtSize(value, 9) - 2 : x;
          write(value, drawX, font, 9);
          x += column.width;
        });
        newLine();
      }
    };
    drawRow(
      table.columns.map((column) => column.label),
      bold,
    );
    if (table.rows.length === 0) {
      write('Nothing to show.', PAGE.margin, regular, 9);
      newLine();
    }
    for (const row of table.rows) drawRow(row, regular);
    for (const footer of table.footers ?? []) drawRow(footer, bold);
  }
  for (const note of report.notes ?? []) {
    newLine(6);
    write(note, PAGE.margin, regular, 9);
    newLine();
  }
  return Buffer.from(await doc.save());
}
