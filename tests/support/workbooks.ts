import zlib from 'node:zlib';

/** One file of a zip: its name and its deflated bytes, with the size and CRC of what it unpacks to. */
interface Packed {
  name: Buffer;
  data: Buffer;
  size: number;
  crc: number;
}

/** Deflates text handed over in pieces (a few hundred MB never held at once). */
async function deflate(name: string, pieces: Iterable<Buffer>): Promise<Packed> {
  const deflater = zlib.createDeflateRaw({ level: 9 });
  const out: Buffer[] = [];
  deflater.on('data', (chunk: Buffer) => out.push(chunk));
  const ended = new Promise((resolve) => deflater.on('end', resolve));
  let size = 0;
  let crc = 0;
  for (const piece of pieces) {
    size += piece.length;
    crc = zlib.crc32(piece, crc);
    if (!deflater.write(piece)) await new Promise((resolve) => deflater.once('drain', resolve));
  }
  deflater.end();
  await ended;
  return { name: Buffer.from(name), data: Buffer.concat(out), size, crc };
}

/**
 * A zip of the files. `declaredSize` replaces every file's unpacked size in the headers, as a
 * forger would to slip past a check that believes them.
 */
function zipOf(files: Packed[], declaredSize?: number): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const file of files) {
    const size = declaredSize ?? file.size;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(file.crc, 14);
    local.writeUInt32LE(file.data.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(file.name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(file.crc, 16);
    central.writeUInt32LE(file.data.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(file.name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, file.name, file.data);
    centrals.push(central, file.name);
    offset += 30 + file.name.length + file.data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(files.length, 8);
  end.writeUInt16LE(files.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const XML = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>';

/**
 * A one-sheet workbook of `rows` rows under the header (inline strings), written without holding
 * the sheet: six million rows without addresses make about 360 MB of XML and a 1 MB file.
 */
export async function hugeWorkbook(
  header: string,
  rows: number,
  cell: string,
  options: { declaredSize?: number; addresses?: boolean; /** The sheet's entry name (exceljs also reads `/xl/worksheets/sheet1.xml`). */ sheetEntry?: string } = {},
): Promise<Buffer> {
  const text = (name: string, body: string) => deflate(name, [Buffer.from(XML + body)]);
  // Without cell addresses (Excel reads them so) every row is alike and six million pack into 1 MB.
  const rowXml = (line: number, value: string) =>
    options.addresses === false ? `<row><c t="inlineStr"><is><t>${value}</t></is></c></row>` : `<row r="${line}"><c r="A${line}" t="inlineStr"><is><t>${value}</t></is></c></row>`;
  function* sheet(): Generator<Buffer> {
    yield Buffer.from(`${XML}<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${rowXml(1, header)}`);
    for (let line = 2; line <= rows + 1; line += 20_000) {
      let piece = '';
      for (let at = line; at < Math.min(line + 20_000, rows + 2); at += 1) piece += rowXml(at, cell);
      yield Buffer.from(piece);
    }
    yield Buffer.from('</sheetData></worksheet>');
  }
  const files = [
    await text(
      '[Content_Types].xml',
      '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>',
    ),
    await text(
      '_rels/.rels',
      '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>',
    ),
    await text(
      'xl/workbook.xml',
      '<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>',
    ),
    await text(
      'xl/_rels/workbook.xml.rels',
      '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>',
    ),
    await deflate(options.sheetEntry ?? 'xl/worksheets/sheet1.xml', sheet()),
  ];
  return zipOf(files, options.declaredSize);
}
