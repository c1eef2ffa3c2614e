import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { SAO_PAULO_UTC_OFFSET_HOURS } from '../sao-paulo-day.js';

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
  if (typeof cell === 'string') return csvText(cell);
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
const xmlSafe = (text: string) => text.replace(XML_INVALID, '');

/** Excel's serial day number of São Paulo's wall clock at an instant (days since 1899-12-30). */
const serial = (date: Date) => local(date).getTime() / 86_400_000 + 25_569;

const DAY_FORMAT = 'dd/mm/yyyy';
const INSTANT_FORMAT = 'dd/mm/yyyy hh:mm';

/** A cell as the workbook keeps it: text, a number, or a day or an instant as Excel's serial number with its format. */
function xlsxValue(cell: Cell): { value: string | number | null; format?: string } {
  if (cell === null) return { value: null };
  if (typeof cell === 'number') return { value: Number.isFinite(cell) ? cell : null };
  if (typeof cell === 'string') return { value: xmlSafe(cell) };
  return 'day' in cell ? { value: Math.floor(serial(cell.day)), format: DAY_FORMAT } : { value: serial(cell.instant), format: INSTANT_FORMAT };
}

/**
 * The workbook's bytes, batch by batch: one sheet named `sheetName` with a bold header row (frozen) and a row
 * per record, written by exceljs's streaming writer (each row committed as it is added, no shared strings, so
 * nothing is kept but the compressor's window) and handed on as it is compressed.
 */
export async function* xlsxFile<T>(sheetName: string, columns: ExportColumn<T>[], batches: AsyncIterable<T[]>): AsyncGenerator<Buffer> {
  const out = new PassThrough();
  const written: Buffer[] = [];
  let failure: Error | null = null;
  out.on('data', (chunk: Buffer) => written.push(chunk));
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false, zip: { zlib: { level: 6 } } });
  const ended = new Promise<void>((resolve, reject) => {
    out.on('end', resolve);
    // The zip the writer compresses into (not in exceljs's types).
    (book as unknown as { zip: NodeJS.EventEmitter }).zip.on('error', (error: Error) => {
      failure = error;
      reject(error);
    });
  });
  ended.catch(() => undefined);
  const sheet = book.addWorksheet(xmlSafe(sheetName).slice(0, 31), { views: [{ state: 'frozen', ySplit: 1, topLeftCell: 'A2', activeCell: 'A2' }] });
  const drain = function* (): Generator<Buffer> {
    if (failure) throw failure;
    while (written.length > 0) yield written.shift()!;
  };
  const header = sheet.addRow(columns.map((column) => xmlSafe(column.header)));
  header.font = { bold: true };
  header.commit();
  for await (const rows of batches) {
    for (const record of rows) {
      const cells = columns.map((column) => xlsxValue(column.value(record)));
      const row = sheet.addRow(cells.map((cell) => cell.value));
      cells.forEach((cell, index) => {
        if (cell.format) row.getCell(index + 1).numFmt = cell.format;
      });
      row.commit();
    }
    // The compressor works off the event loop: what it has finished is handed on with this batch.
    await new Promise((resolve) => setImmediate(resolve));
    yield* drain();
  }
  sheet.commit();
  await book.commit();
  await ended;
  yield* drain();
}

/** The file of `format`. */
export function tableFile<T>(format: ExportFormat, sheetName: string, columns: ExportColumn<T>[], batches: AsyncIterable<T[]>): AsyncGenerator<Buffer> {
  return format === 'csv' ? csvFile(columns, batches) : xlsxFile(sheetName, columns, batches);
}
