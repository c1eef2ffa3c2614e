import { Zip, ZipDeflate, ZipPassThrough } from 'fflate';
import { SAO_PAULO_UTC_OFFSET_HOURS } from '../sao-paulo-day.js';
import { exportableText } from '../http/clean-text.js';

/**
 * A list exported as a file staff open in Excel in Portuguese: CSV (UTF-8 with BOM, `;`, CRLF, dates
 * dd/mm/aaaa) or XLSX (typed cells: numbers, dates, text). Both are written as the rows arrive, a batch at a
 * time, so a million rows never sit in memory: the caller reads the batches from the database.
 */
export type ExportFormat = 'csv' | 'xlsx';
export const EXPORT_FORMATS: readonly ExportFormat[] = ['csv', 'xlsx'];

/** A cell: text, a number, a day (shown dd/mm/aaaa) or an instant (shown dd/mm/aaaa hh:mm, São Paulo), or empty. */
export type Cell = string | number | { day: Date } | { instant: Date } | null;

export interface ExportColumn<T> {
  header: string;
  value: (row: T) => Cell;
}

export const CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

const OFFSET_MS = SAO_PAULO_UTC_OFFSET_HOURS * 3_600_000;
/** São Paulo's wall clock of an instant, as a UTC date (its getUTC* parts are the local ones). */
const local = (date: Date) => new Date(date.getTime() - OFFSET_MS);
const two = (value: number) => String(value).padStart(2, '0');

function dayText(date: Date): string {
  const wall = local(date);
  return `${two(wall.getUTCDate())}/${two(wall.getUTCMonth() + 1)}/${wall.getUTCFullYear()}`;
}

function instantText(date: Date): string {
  const wall = local(date);
  return `${dayText(date)} ${two(wall.getUTCHours())}:${two(wall.getUTCMinutes())}`;
}

/**
 * A text cell as CSV keeps it. A cell starting with = + - @ (or a tab or carriage return) is a formula to a
 * spreadsheet: it gets a leading apostrophe, so a name typed as `=HYPERLINK(...)` stays text (CSV injection).
 */
export function csvText(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[;"\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

function csvCell(cell: Cell): string {
  if (cell === null) return '';
  if (typeof cell === 'number') return String(cell).replace('.', ',');
  if (typeof cell === 'string') return csvText(exportableText(cell));
  return 'day' in cell ? dayText(cell.day) : instantText(cell.instant);
}

/** The file's bytes, batch by batch: the header line, then each batch of rows. */
export async function* csvFile<T>(columns: ExportColumn<T>[], batches: AsyncIterable<T[]>): AsyncGenerator<Buffer> {
  yield Buffer.from(`\uFEFF${columns.map((column) => csvText(column.header)).join(';')}\r\n`, 'utf8');
  for await (const rows of batches) {
    if (rows.length === 0) continue;
    yield Buffer.from(rows.map((row) => `${columns.map((column) => csvCell(column.value(row))).join(';')}\r\n`).join(''), 'utf8');
  }
}

/** Characters XML 1.0 cannot carry (control characters but tab, line feed and carriage return; lone surrogates). */
// eslint-disable-next-line no-control-regex
const XML_INVALID = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const xml = (text: string) => text.replace(XML_INVALID, '').replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Excel's serial day number of São Paulo's wall clock at an instant (days since 1899-12-30). */
const serial = (date: Date) => local(date).getTime() / 86_400_000 + 25_569;

function columnName(index: number): string {
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

/** Style indexes of styles.xml: 0 text, 1 bold header, 2 day, 3 instant. */
function xlsxCell(cell: Cell, ref: string): string {
  if (cell === null) return '';
  if (typeof cell === 'number') return Number.isFinite(cell) ? `<c r="${ref}"><v>${cell}</v></c>` : '';
  if (typeof cell === 'string') return `<c r="${ref}" t="inlineStr"><is><t xml:space="preserve">${xml(exportableText(cell))}</t></is></c>`;
  return 'day' in cell ? `<c r="${ref}" s="2"><v>${Math.floor(serial(cell.day))}</v></c>` : `<c r="${ref}" s="3"><v>${serial(cell.instant)}</v></c>`;
}

const XLSX_PARTS: Record<string, string> = {
  '[Content_Types].xml':
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/></Types>',
  '_rels/.rels':
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>',
  'xl/_rels/workbook.xml.rels':
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/></Relationships>',
  'xl/styles.xml':
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><numFmts count="2"><numFmt numFmtId="164" formatCode="dd/mm/yyyy"/><numFmt numFmtId="165" formatCode="dd/mm/yyyy hh:mm"/></numFmts><fonts count="2"><font><sz val="11"/><name val="Calibri"/></font><font><b/><sz val="11"/><name val="Calibri"/></font></fonts><fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills><borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders><cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs><cellXfs count="4"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/><xf numFmtId="164" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/><xf numFmtId="165" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/></cellXfs><cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>',
};

const workbookPart = (sheetName: string) =>
  `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="${xml(sheetName.slice(0, 31))}" sheetId="1" r:id="rId1"/></sheets></workbook>`;

/**
 * The workbook's bytes, batch by batch: one sheet named `sheetName` with a bold header row (frozen) and a row
 * per record, compressed as it is written (a zip stream, nothing kept but the deflater's window).
 */
export async function* xlsxFile<T>(sheetName: string, columns: ExportColumn<T>[], batches: AsyncIterable<T[]>): AsyncGenerator<Buffer> {
  const out: Uint8Array[] = [];
  let failure: Error | null = null;
  const zip = new Zip((error, chunk) => {
    if (error) failure = error;
    else out.push(chunk);
  });
  const drain = function* (): Generator<Buffer> {
    if (failure) throw failure;
    while (out.length > 0) yield Buffer.from(out.shift()!);
  };
  const text = (value: string) => new TextEncoder().encode(value);
  for (const [name, content] of Object.entries({ ...XLSX_PARTS, 'xl/workbook.xml': workbookPart(sheetName) })) {
    const part = new ZipPassThrough(name);
    zip.add(part);
    part.push(text(content), true);
  }
  const sheet = new ZipDeflate('xl/worksheets/sheet1.xml', { level: 6 });
  zip.add(sheet);
  const header = columns.map((column, index) => `<c r="${columnName(index)}1" t="inlineStr" s="1"><is><t>${xml(column.header)}</t></is></c>`).join('');
  sheet.push(
    text(
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">' +
        '<sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/></sheetView></sheetViews>' +
        `<sheetData><row r="1">${header}</row>`,
    ),
  );
  yield* drain();
  let line = 1;
  for await (const rows of batches) {
    const xmlRows = rows.map((row) => {
      line++;
      return `<row r="${line}">${columns.map((column, index) => xlsxCell(column.value(row), `${columnName(index)}${line}`)).join('')}</row>`;
    });
    if (xmlRows.length > 0) sheet.push(text(xmlRows.join('')));
    yield* drain();
  }
  sheet.push(text('</sheetData></worksheet>'), true);
  zip.end();
  yield* drain();
}

/** The file of `format`. */
export function tableFile<T>(format: ExportFormat, sheetName: string, columns: ExportColumn<T>[], batches: AsyncIterable<T[]>): AsyncGenerator<Buffer> {
  return format === 'csv' ? csvFile(columns, batches) : xlsxFile(sheetName, columns, batches);
}
