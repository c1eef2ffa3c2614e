import { constants, deflateRawSync } from 'node:zlib';

/**
 * Files built to take a server down, as an attacker builds them: a CSV whose header line is millions of
 * separators, an XLSX whose shared strings unpack to a gigabyte from a few megabytes, a zip cut after its first
 * signature, and a sheet whose rows each hold a cell at the last column (XFD). Built in memory in well under a
 * second, without ever holding the unpacked bytes.
 */

/** `CNPJ;Nome Fantasia;Razão Social` followed by separators up to `bytes`. */
export function wideHeaderCsv(bytes: number): Buffer {
  const head = Buffer.from('CNPJ;Nome Fantasia;Razão Social');
  const file = Buffer.alloc(bytes, ';'.charCodeAt(0));
  head.copy(file);
  return file;
}

/** The first bytes of a zip's first entry, and nothing else: taken for an XLSX by its signature. */
export const ZIP_SIGNATURE_ONLY = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

interface RawEntry {
  name: string;
  /** The entry's bytes as stored: deflated (method 8) or as they are (0). */
  data: Buffer;
  method: 0 | 8;
  /** The unpacked size the headers declare (an attacker's file need not tell the truth). */
  declared: number;
}

/** A zip of entries whose bytes are given already packed; CRCs are left at zero, as the reader never trusts them. */
function zipOf(entries: RawEntry[]): Buffer {
  const locals: Buffer[] = [];
  const directory: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(entry.method, 8);
    local.writeUInt32LE(entry.data.length, 18);
    local.writeUInt32LE(entry.declared, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(entry.method, 10);
    central.writeUInt32LE(entry.data.length, 20);
    central.writeUInt32LE(entry.declared, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, entry.data);
    directory.push(central, name);
    offset += local.length + name.length + entry.data.length;
  }
  const directoryBytes = Buffer.concat(directory);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directoryBytes.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directoryBytes, end]);
}

const xml = (text: string): RawEntry => {
  const data = Buffer.from(text);
  return { name: '', data, method: 0, declared: data.length };
};
const named = (name: string, entry: RawEntry): RawEntry => ({ ...entry, name });

const CONTENT_TYPES = `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/></Types>`;
const ROOT_RELS = `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`;
const WORKBOOK = `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Planilha1" sheetId="1" r:id="rId1"/></sheets></workbook>`;
const WORKBOOK_RELS = `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/sharedStrings" Target="sharedStrings.xml"/></Relationships>`;
const SHEET_OPEN = '<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>';
const SHEET_CLOSE = '</sheetData></worksheet>';

/** A workbook of one sheet (`sheetXml`, its rows) and the shared strings given (packed already). */
function workbook(sheetRows: string, sharedStrings: RawEntry): Buffer {
  return zipOf([
    named('[Content_Types].xml', xml(CONTENT_TYPES)),
    named('_rels/.rels', xml(ROOT_RELS)),
    named('xl/workbook.xml', xml(WORKBOOK)),
    named('xl/_rels/workbook.xml.rels', xml(WORKBOOK_RELS)),
    named('xl/worksheets/sheet1.xml', xml(`${SHEET_OPEN}${sheetRows}${SHEET_CLOSE}`)),
    named('xl/sharedStrings.xml', sharedStrings),
  ]);
}

const inline = (ref: string, text: string) => `<c r="${ref}" t="inlineStr"><is><t>${text}</t></is></c>`;
const HEADER_ROW = `<row r="1">${inline('A1', 'CNPJ')}${inline('B1', 'Nome Fantasia')}${inline('C1', 'Razão Social')}</row>`;

/**
 * An XLSX whose shared strings hold `entries` entries (`<si><t>a</t></si>`, 17 bytes each: 60,000,000 unpack to
 * about 1 GB), packed as deflate does it best: the same megabyte, packed once after a full flush, repeated.
 * Its headers declare 1 KB.
 */
export function sharedStringsBomb(entries: number): Buffer {
  const ENTRY = '<si><t>a</t></si>';
  const perBlock = Math.floor((1024 * 1024) / ENTRY.length);
  const block = deflateRawSync(Buffer.from(ENTRY.repeat(perBlock)), { level: 9, finishFlush: constants.Z_FULL_FLUSH });
  const head = deflateRawSync(
    Buffer.from(
      `<?xml version="1.0" encoding="UTF-8"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="${entries}" uniqueCount="${entries}">`,
    ),
    {
      finishFlush: constants.Z_FULL_FLUSH,
    },
  );
  const blocks = Math.floor(entries / perBlock);
  const rest = ENTRY.repeat(entries - blocks * perBlock);
  const tail = deflateRawSync(Buffer.from(`${rest}</sst>`));
  const packed = Buffer.concat([head, ...Array.from({ length: blocks }, () => block), tail]);
  const sheet = `${HEADER_ROW}<row r="2"><c r="A2" t="s"><v>0</v></c></row>`;
  return workbook(sheet, { name: '', data: packed, method: 8, declared: 1024 });
}

/**
 * An XLSX with a header row of three columns, then `plain` ordinary rows, then `wide` rows each holding one cell
 * at column XFD (the last one, 16,384): about 27 KB packed for 5,000 of them.
 */
export function lastColumnXlsx(wide: number, plain = 0): Buffer {
  const rows: string[] = [HEADER_ROW];
  for (let index = 0; index < plain; index++) {
    const line = index + 2;
    rows.push(
      `<row r="${line}">${inline(`A${line}`, '11.222.333/0001-81')}${inline(`B${line}`, `Linha ${line}`)}${inline(`C${line}`, `Linha ${line} Ltda`)}</row>`,
    );
  }
  for (let index = 0; index < wide; index++) {
    const line = plain + index + 2;
    rows.push(`<row r="${line}">${inline(`XFD${line}`, 'x')}</row>`);
  }
  const sheet = deflateRawSync(Buffer.from(`${SHEET_OPEN}${rows.join('')}${SHEET_CLOSE}`), { level: 9 });
  const sst = xml('<?xml version="1.0" encoding="UTF-8"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="0" uniqueCount="0"/>');
  return zipOf([
    named('[Content_Types].xml', xml(CONTENT_TYPES)),
    named('_rels/.rels', xml(ROOT_RELS)),
    named('xl/workbook.xml', xml(WORKBOOK)),
    named('xl/_rels/workbook.xml.rels', xml(WORKBOOK_RELS)),
    { name: 'xl/worksheets/sheet1.xml', data: sheet, method: 8, declared: 0 },
    named('xl/sharedStrings.xml', sst),
  ]);
}

/** An XLSX without the workbook's relations: a reader that needs them would copy the whole sheet to a temporary file first. */
export function xlsxWithoutRelations(): Buffer {
  return zipOf([
    named('[Content_Types].xml', xml(CONTENT_TYPES)),
    named('_rels/.rels', xml(ROOT_RELS)),
    named('xl/workbook.xml', xml(WORKBOOK)),
    named('xl/worksheets/sheet1.xml', xml(`${SHEET_OPEN}${HEADER_ROW}${SHEET_CLOSE}`)),
  ]);
}
