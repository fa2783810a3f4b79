import { deflateSync } from 'node:zlib';
import { PDFDocument, PDFName, PDFString } from '@cantoo/pdf-lib';
import { describe, expect, it } from 'vitest';
import { inspectPdf } from './pdf-check.js';

/**
 * A PDF written byte by byte: `objects[i]` is object i + 1's body. The catalogue is object 1, its
 * page tree 2 and its page 3; the cross-reference is a table, or a stream holding the trailer's keys
 * (object `objects.length + 1`), followed by `packed.count` objects kept in object stream `packed.in`.
 */
function rawPdf(
  objects: (string | Buffer)[],
  options: { trailer?: string; xrefStream?: boolean; packed?: { in: number; count: number } } = {},
): Buffer {
  const parts: Buffer[] = [Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  const offsets: number[] = [];
  let length = parts[0]!.length;
  const push = (part: Buffer) => {
    parts.push(part);
    length += part.length;
  };
  objects.forEach((body, index) => {
    offsets.push(length);
    push(Buffer.concat([Buffer.from(`${index + 1} 0 obj\n`), Buffer.from(body), Buffer.from('\nendobj\n')]));
  });
  const packed = options.packed?.count ?? 0;
  const trailer = `/Size ${objects.length + 2 + packed} /Root 1 0 R ${options.trailer ?? ''}`;
  if (options.xrefStream) {
    // Entries of 1 + 4 + 2 bytes: type, offset, generation.
    const row = (type: number, offset: number, generation = 0) => {
      const entry = Buffer.alloc(7);
      entry.writeUInt8(type, 0);
      entry.writeUInt32BE(offset, 1);
      entry.writeUInt16BE(generation, 5);
      return entry;
    };
    const xrefOffset = length;
    const inStream = Array.from({ length: packed }, (_, index) => row(2, options.packed!.in, index));
    const rows = Buffer.concat([
      row(0, 0),
      ...offsets.map((offset) => row(1, offset)),
      row(1, xrefOffset),
      ...inStream,
    ]);
    push(
      Buffer.concat([
        Buffer.from(
          `${objects.length + 1} 0 obj\n<< /Type /XRef ${trailer} /W [1 4 2] /Index [0 ${objects.length + 2 + packed}] /Length ${rows.length} >>\nstream\n`,
        ),
        rows,
        Buffer.from(`\nendstream\nendobj\nstartxref\n${xrefOffset}\n%%EOF\n`),
      ]),
    );
    return Buffer.concat(parts);
  }
  const xrefOffset = length;
  const table = [
    'xref',
    `0 ${objects.length + 1}`,
    '0000000000 65535 f ',
    ...offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n `),
  ].join('\n');
  push(Buffer.from(`${table}\ntrailer\n<< ${trailer} >>\nstartxref\n${xrefOffset}\n%%EOF\n`));
  return Buffer.concat(parts);
}

/** The three objects every test PDF starts with; `catalog` and `page` add keys to theirs. */
function pages(catalog = '', page = ''): string[] {
  return [
    `<< /Type /Catalog /Pages 2 0 R ${catalog} >>`,
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] ${page} >>`,
  ];
}

/** A compressed object stream holding `bodies` as objects `first`, `first + 1`, ... */
function objectStream(first: number, bodies: string[]): Buffer {
  let header = '';
  let content = '';
  bodies.forEach((body, index) => {
    header += `${first + index} ${content.length} `;
    content += `${body}\n`;
  });
  const data = deflateSync(Buffer.from(header + content));
  return Buffer.concat([
    Buffer.from(
      `<< /Type /ObjStm /N ${bodies.length} /First ${header.length} /Filter /FlateDecode /Length ${data.length} >>\nstream\n`,
    ),
    data,
    Buffer.from('\nendstream'),
  ]);
}

describe('inspectPdf', () => {
  it('passes a plain page, a GoTo open action, a page destination and an internal link', async () => {
    expect(await inspectPdf(rawPdf(pages()))).toBe('clean');
    expect(
      await inspectPdf(rawPdf([...pages('/OpenAction 4 0 R'), '<< /Type /Action /S /GoTo /D [3 0 R /Fit] >>'])),
    ).toBe('clean');
    expect(await inspectPdf(rawPdf(pages('/OpenAction [3 0 R /XYZ 0 842 0]')))).toBe('clean');
    const link = '<< /Type /Annot /Subtype /Link /Rect [0 0 10 10] /A << /S /GoTo /D [3 0 R /Fit] >> >>';
    expect(await inspectPdf(rawPdf(pages('', `/Annots [${link}]`)))).toBe('clean');
  });

  it('refuses an AES-encrypted PDF with an empty user password and JavaScript in an object stream', async () => {
    const doc = await PDFDocument.create();
    doc.addPage([595, 842]).drawText('Proof of payment', { x: 50, y: 780 });
    const script = doc.context.obj({ Type: 'Action', S: 'JavaScript', JS: PDFString.of("app.alert('hi')") });
    doc.catalog.set(PDFName.of('OpenAction'), doc.context.register(script));
    doc.encrypt({ userPassword: '', ownerPassword: 'owner', algorithm: 'AES-256' });
    const bytes = Buffer.from(await doc.save({ useObjectStreams: true }));
    expect(bytes.includes('/JavaScript')).toBe(false);
    expect(await inspectPdf(bytes)).toBe('encrypted');
  });

  it('refuses a PDF whose cross-reference stream names an encryption dictionary', async () => {
    const encrypt = '<< /Filter /Standard /V 4 /R 4 /Length 128 /P -4 /O <00> /U <00> >>';
    const bytes = rawPdf([...pages(), encrypt], { xrefStream: true, trailer: '/Encrypt 4 0 R /ID [<01> <01>]' });
    expect(await inspectPdf(bytes)).toBe('encrypted');
    // The name written with an escape is still the name.
    const escaped = rawPdf([...pages(), encrypt], { xrefStream: true, trailer: '/Encr#79pt 4 0 R /ID [<01> <01>]' });
    expect(await inspectPdf(escaped)).toBe('encrypted');
    expect(await inspectPdf(rawPdf(pages(), { xrefStream: true }))).toBe('clean');
  });

  it('reads JavaScript inside a compressed object stream', async () => {
    // Object 4 is the object stream, 5 the cross-reference stream, 6 and 7 packed into 4.
    const pack = (action: string) => {
      const objects = [...pages('/OpenAction 6 0 R'), objectStream(6, [action, '<< /Producer (Scanner) >>'])];
      return rawPdf(objects, { xrefStream: true, packed: { in: 4, count: 2 } });
    };
    const hidden = pack("<< /S /JavaScript /JS (app.alert('hi')) >>");
    expect(hidden.includes('JavaScript')).toBe(false);
    expect(await inspectPdf(hidden)).toBe('active-content');
    expect(await inspectPdf(pack('<< /S /GoTo /D [3 0 R /Fit] >>'))).toBe('clean');
  });

  it.each([
    ['a URI open action', '/OpenAction << /S /URI /URI (https://attacker.example/) >>'],
    [
      'a GoToR open action to a UNC path',
      '/OpenAction << /S /GoToR /F (\\\\\\\\attacker\\\\share\\\\x.pdf) /D [0 /Fit] >>',
    ],
    [
      'a GoTo open action with a script chained after it',
      '/OpenAction << /S /GoTo /D [3 0 R /Fit] /Next << /S /GoTo /D [3 0 R /Fit] >> >>',
    ],
    ['a named open action', '/OpenAction << /S /Named /N /Print >>'],
    ['an open action that is not an action', '/OpenAction (print)'],
    ['document triggers (/AA)', '/AA << /WC << /S /GoTo /D [3 0 R /Fit] >> >>'],
    ['a JavaScript name tree', '/Names << /JavaScript << /Names [(a) << /S /GoTo /D [3 0 R /Fit] >>] >> >>'],
  ])('refuses %s in the catalogue', async (_name, catalog) => {
    expect(await inspectPdf(rawPdf(pages(catalog)))).toBe('active-content');
  });

  it.each(['Launch', 'URI', 'GoToR', 'GoToE', 'Named', 'Thread', 'SetOCGState', 'Hide', 'ImportData', 'Rendition'])(
    'refuses a %s action on a link',
    async (type) => {
      const link = `<< /Type /Annot /Subtype /Link /Rect [0 0 10 10] /A << /S /${type} /F (x) >> >>`;
      expect(await inspectPdf(rawPdf(pages('', `/Annots [${link}]`)))).toBe('active-content');
      // On its own, as an indirect action object reached from nowhere, it is refused too.
      expect(await inspectPdf(rawPdf([...pages(), `<< /Type /Action /S /${type} >>`]))).toBe('active-content');
    },
  );

  it('refuses a page that runs something when opened (/AA)', async () => {
    expect(await inspectPdf(rawPdf(pages('', '/AA << /O << /S /GoTo /D [3 0 R /Fit] >> >>')))).toBe('active-content');
  });

  it('leaves structure attributes under /A alone', async () => {
    const element = '<< /Type /StructElem /S /P /A << /O /Layout /Placement /Block >> >>';
    expect(
      await inspectPdf(rawPdf([...pages('/StructTreeRoot 4 0 R'), `<< /Type /StructTreeRoot /K 5 0 R >>`, element])),
    ).toBe('clean');
  });
});
