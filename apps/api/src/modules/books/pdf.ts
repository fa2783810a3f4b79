import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from '@cantoo/pdf-lib';

export interface PdfTable {
  heading?: string;
  columns: { label: string; width: number; align?: 'left' | 'right' }[];
  rows: string[][];
  /** A last row drawn in bold (totals). */
  footer?: string[];
}

export interface PdfReport {
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

  const write = (
    text: string,
    x: number,
    font: PDFFont,
    size: number,
    width?: number,
    align: 'left' | 'right' = 'left',
  ) => {
    let value = printable(text);
    if (width !== undefined && font.widthOfTextAtSize(value, size) > width - 4) {
      while (value.length > 1 && font.widthOfTextAtSize(`${value}...`, size) > width - 4) value = value.slice(0, -1);
      value = `${value}...`;
    }
    const drawX = align === 'right' && width !== undefined ? x + width - font.widthOfTextAtSize(value, size) - 2 : x;
    page.drawText(value, { x: drawX, y, size, font, color: rgb(0, 0, 0) });
  };
  const newLine = (height = LINE) => {
    y -= height;
    if (y < PAGE.margin) {
      page = doc.addPage([PAGE.width, PAGE.height]);
      y = PAGE.height - PAGE.margin;
    }
  };

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
      let x = PAGE.margin;
      table.columns.forEach((column, index) => {
        write(cells[index] ?? '', x, font, 9, column.width, column.align);
        x += column.width;
      });
      newLine();
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
    if (table.footer) drawRow(table.footer, bold);
  }
  for (const note of report.notes ?? []) {
    newLine(6);
    write(note, PAGE.margin, regular, 9);
    newLine();
  }
  return Buffer.from(await doc.save());
}
