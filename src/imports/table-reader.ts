import { Readable } from 'node:stream';
import { parse } from 'csv-parse';
import ExcelJS from 'exceljs';
import { checkRow, TABLE_LIMITS, TableLimitExceeded, tableLimitMessage } from './table-limits.js';
import { xlsxInOrder, type RangeSource } from './xlsx-in-order.js';

/**
 * Reading a spreadsheet staff bring in (issue: import): CSV as Excel in Portuguese writes it (`;`, Windows-1252,
 * quotes and line breaks inside fields) or as any other tool does (UTF-8 with or without BOM, `,` or tab), and
 * XLSX, read as a stream (the first sheet). Rows come out one at a time, as text cells, so a 50 MB file never
 * sits in memory as a table; a cell Excel stored as a date comes out as dd/mm/aaaa, a number as its digits.
 */
export type TableFormat = 'csv' | 'xlsx';

/** How the bytes of a CSV file were read. */
export interface CsvDialect {
  encoding: 'utf-8' | 'windows-1252';
  separator: ';' | ',' | '\t';
  bom: boolean;
}

/** What is looked at to tell the encoding and the separator. */
const SNIFF_BYTES = 64 * 1024;
const ZIP_SIGNATURE = [0x50, 0x4b, 0x03, 0x04];

/** Whether a file's first bytes are an XLSX (a zip) or text; null when neither (an image, a PDF, empty). */
export function sniffFormat(head: Buffer): TableFormat | null {
  if (head.length === 0) return null;
  if (ZIP_SIGNATURE.every((byte, index) => head[index] === byte)) return 'xlsx';
  // Text has no NUL bytes (UTF-16 files are not spreadsheets staff export from Excel in Portuguese).
  return head.subarray(0, SNIFF_BYTES).includes(0) ? null : 'csv';
}

/**
 * The encoding and the separator of a CSV file from its first bytes: UTF-8 when they decode as UTF-8 (a BOM
 * says so at once), Windows-1252 otherwise (it reads ISO-8859-1's letters the same); the separator is the one
 * of `;`, `,` and tab that appears most on the first line outside quotes (`;` on a tie: Excel in Portuguese).
 */
export function sniffDialect(head: Buffer): CsvDialect {
  const bom = head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf;
  const sample = head.subarray(bom ? 3 : 0, SNIFF_BYTES);
  let encoding: CsvDialect['encoding'] = 'utf-8';
  if (!bom) {
    try {
      // A multi-byte character cut by the sample's end is not an error of the file: its last 3 bytes are left out.
      new TextDecoder('utf-8', { fatal: true }).decode(sample.length === SNIFF_BYTES ? sample.subarray(0, SNIFF_BYTES - 3) : sample);
    } catch {
      encoding = 'windows-1252';
    }
  }
  const text = new TextDecoder(encoding).decode(sample);
  const counts = { ';': 0, ',': 0, '\t': 0 };
  let quoted = false;
  for (const char of text) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === '\n' || char === '\r')) break;
    else if (!quoted && char in counts) counts[char as keyof typeof counts] += 1;
  }
  const separator = (Object.entries(counts) as [CsvDialect['separator'], number][]).reduce((best, entry) => (entry[1] > best[1] ? entry : best), [
    ';',
    counts[';'],
  ] as [CsvDialect['separator'], number])[0];
  return { encoding, separator, bom };
}

/**
 * Follows a CSV's records as its text passes, before the parser builds them: the columns and the characters of
 * each record are counted (quotes understood as the parser reads them), and the first record past TABLE_LIMITS
 * stops the read. The parser alone would build a record of millions of empty fields from a line of separators.
 */
export function csvRecordBounds(separator: string): (text: string) => void {
  const SEPARATOR = separator.charCodeAt(0);
  const QUOTE = 0x22;
  const LF = 0x0a;
  const CR = 0x0d;
  // At a field's start, in an unquoted field, in a quoted one, or just after a quote inside a quoted one.
  let state: 'start' | 'plain' | 'quoted' | 'quote' = 'start';
  let columns = 1;
  let chars = 0;
  let line = 1;
  const grow = () => {
    chars += 1;
    if (chars > (line === 1 ? TABLE_LIMITS.headerChars : TABLE_LIMITS.rowChars))
      throw new TableLimitExceeded(line === 1 ? tableLimitMessage.headerChars() : tableLimitMessage.rowChars(line));
  };
  return (text) => {
    for (let index = 0; index < text.length; index++) {
      const code = text.charCodeAt(index);
      if (state === 'quoted') {
        if (code === QUOTE) state = 'quote';
        else grow();
        continue;
      }
      if (state === 'quote') {
        if (code === QUOTE) {
          state = 'quoted';
          grow();
          continue;
        }
        state = 'plain';
      }
      if (code === SEPARATOR) {
        columns += 1;
        if (columns > TABLE_LIMITS.columns) throw new TableLimitExceeded(tableLimitMessage.columns(line));
        state = 'start';
        grow();
      } else if (code === LF || code === CR) {
        // An empty line is skipped by the parser, and not counted.
        if (chars > 0) line += 1;
        columns = 1;
        chars = 0;
        state = 'start';
      } else {
        if (code === QUOTE && state === 'start') state = 'quoted';
        else state = 'plain';
        grow();
      }
    }
  };
}

/** A CSV file's rows, decoded in its encoding and split by its separator, as they are read, within TABLE_LIMITS. */
export async function* csvRows(source: Readable, dialect: CsvDialect): AsyncGenerator<string[]> {
  // A UTF-8 decoder drops a leading BOM by itself, however the reads cut it.
  const decoder = new TextDecoder(dialect.encoding);
  const bounds = csvRecordBounds(dialect.separator);
  const decoded = Readable.from(
    (async function* () {
      for await (const chunk of source) {
        const text = decoder.decode(chunk as Buffer, { stream: true });
        bounds(text);
        yield text;
      }
      const rest = decoder.decode();
      if (rest) {
        bounds(rest);
        yield rest;
      }
    })(),
  );
  const parser = parse({
    delimiter: dialect.separator,
    relax_column_count: true,
    relax_quotes: true,
    skip_empty_lines: true,
    bom: false,
    max_record_size: TABLE_LIMITS.rowChars,
  });
  // The text's own failure (a limit passed, a broken read) ends the parse with it: a pipe alone would not pass it on.
  decoded.once('error', (error) => parser.destroy(error));
  decoded.pipe(parser);
  let line = 0;
  try {
    for await (const record of parser as AsyncIterable<string[]>) {
      line += 1;
      if (line > TABLE_LIMITS.rows + 1) throw new TableLimitExceeded(tableLimitMessage.rows());
      yield checkRow(record, line);
    }
  } finally {
    // A reader that stops early (the preview reads 100 rows) lets the file go: its descriptor, or its socket.
    source.destroy();
    decoded.destroy();
    parser.destroy();
  }
}

/**
 * An XLSX file's first sheet, row by row, as text cells (a date as dd/mm/aaaa, a number as written), within
 * TABLE_LIMITS. exceljs reads the file through a pipe, which does not pass a failure of the file's stream on: the
 * file's own failure (a limit passed, a damaged zip) is raced against every row, so it reaches the reader.
 */
export async function* xlsxRows(source: Readable): AsyncGenerator<string[]> {
  let fail: (error: Error) => void = () => undefined;
  const failed = new Promise<never>((_, reject) => (fail = reject));
  failed.catch(() => undefined);
  source.once('error', (error) => fail(error));
  const workbook = new ExcelJS.stream.xlsx.WorkbookReader(source, { sharedStrings: 'cache', hyperlinks: 'ignore', styles: 'cache', worksheets: 'emit' });
  const rows = firstSheetRows(workbook);
  try {
    for (;;) {
      const next = await Promise.race([rows.next(), failed]);
      if (next.done) return;
      yield next.value;
    }
  } finally {
    // A reader that stops early (the preview reads 100 rows) lets the file go: its descriptor, or its socket.
    source.destroy();
    void rows.return(undefined).catch(() => undefined);
  }
}

async function* firstSheetRows(workbook: ExcelJS.stream.xlsx.WorkbookReader): AsyncGenerator<string[]> {
  let line = 0;
  for await (const sheet of workbook) {
    for await (const row of sheet as AsyncIterable<ExcelJS.Row>) {
      const cells: string[] = [];
      // Only the cells the sheet holds (a cell alone at column XFD is one cell, not 16,384).
      row.eachCell((cell, column) => {
        if (column > TABLE_LIMITS.columns) throw new TableLimitExceeded(tableLimitMessage.columns(line + 1));
        cells[column - 1] = cellText(cell.value);
      });
      for (let index = 0; index < cells.length; index++) cells[index] ??= '';
      if (cells.some((cell) => cell.trim() !== '')) {
        line += 1;
        if (line > TABLE_LIMITS.rows + 1) throw new TableLimitExceeded(tableLimitMessage.rows());
        yield checkRow(cells, line);
      }
    }
    // Only the first sheet: the rest of the file is not read.
    return;
  }
}

const two = (value: number) => String(value).padStart(2, '0');

/** A cell's value as the text a CSV of the same sheet would have. */
export function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) {
    // Excel keeps wall-clock time: the date's UTC parts are what the sheet shows.
    const day = `${two(value.getUTCDate())}/${two(value.getUTCMonth() + 1)}/${value.getUTCFullYear()}`;
    return value.getUTCHours() || value.getUTCMinutes() ? `${day} ${two(value.getUTCHours())}:${two(value.getUTCMinutes())}` : day;
  }
  if (typeof value === 'number') return Number.isInteger(value) ? String(value) : String(value).replace('.', ',');
  if (typeof value === 'boolean') return value ? 'VERDADEIRO' : 'FALSO';
  if (typeof value === 'string') return value;
  if ('richText' in value) return value.richText.map((part) => part.text).join('');
  if ('text' in value && typeof value.text === 'string') return value.text;
  if ('result' in value) return cellText((value.result ?? null) as ExcelJS.CellValue);
  // An error (#N/D) or a value of a kind a sheet does not hold: no text.
  return '';
}

/**
 * Any file staff upload as a table: its rows, whatever its format, with the format and (for CSV) the dialect
 * read. Null when the file is neither CSV nor XLSX. `source` streams the file from its start (a CSV); `ranges`
 * reads it by ranges (an XLSX, in the order a streaming reader needs).
 */
export async function openTable(
  head: Buffer,
  source: () => Readable,
  ranges: RangeSource,
): Promise<{ format: TableFormat; dialect: CsvDialect | null; rows: AsyncGenerator<string[]> } | null> {
  const format = sniffFormat(head);
  if (format === null) return null;
  // An XLSX is read by ranges from its own directory, with its parts in the reader's order (see xlsxInOrder).
  if (format === 'xlsx') return { format, dialect: null, rows: xlsxRows(xlsxInOrder(ranges)) };
  const dialect = sniffDialect(head);
  return { format, dialect, rows: csvRows(source(), dialect) };
}
