/**
 * How much of a spreadsheet staff upload is read, in every dimension, not only in bytes: a file within the byte
 * limit can still hold millions of columns on one line, a zip part that unpacks to a gigabyte, or millions of
 * shared strings, and each of those, read whole, stalls or ends the instance. Every reader of a table file
 * checks these as it reads, before anything is compared, kept or echoed, and stops at the first one passed with
 * a message that names it (docs/security.md lists them).
 */
export const TABLE_LIMITS = {
  /** Columns of any row: no kind of record has more than 20 fields; an export of every column fits with room. */
  columns: 200,
  /** Characters of the header line (the column names). */
  headerChars: 20_000,
  /** Characters of a column's name kept and shown. */
  headerCellChars: 200,
  /** Characters of one cell: no column of the app holds more. */
  cellChars: 5_000,
  /** Characters of one row, all its cells together. */
  rowChars: 100_000,
  /** Data rows of a file: more is a job for several files. */
  rows: 1_000_000,
  /** XLSX: entries in the zip's directory (a workbook Excel writes has a few dozen). */
  zipEntries: 2_000,
  /** XLSX: worksheets in the workbook (only the first is read). */
  sheets: 255,
  /** XLSX: unpacked bytes of the shared strings, of the styles, of any other part read, and of the sheet. */
  sharedStringsBytes: 64 * 1024 * 1024,
  stylesBytes: 8 * 1024 * 1024,
  otherPartBytes: 4 * 1024 * 1024,
  sheetBytes: 1024 * 1024 * 1024,
  /** XLSX: shared strings (distinct texts of the workbook). */
  sharedStrings: 1_000_000,
  /** XLSX: how many times its packed size a part may unpack to, once past `ratioAfterBytes` (XML packs 5 to 20 times). */
  compressionRatio: 100,
  ratioAfterBytes: 1024 * 1024,
} as const;

const count = (value: number) => value.toLocaleString('pt-BR');
const megabytes = (bytes: number) => `${count(Math.round(bytes / 1024 / 1024))} MB`;

/** A limit of TABLE_LIMITS passed: its message says which, in the words staff read. */
export class TableLimitExceeded extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TableLimitExceeded';
  }
}

/** The messages of each limit passed. */
export const tableLimitMessage = {
  columns: (line: number) =>
    `A linha ${count(line)} da planilha tem mais de ${count(TABLE_LIMITS.columns)} colunas. Remova as colunas que sobram e envie de novo.`,
  headerChars: () =>
    `A primeira linha da planilha (os nomes das colunas) passa de ${count(TABLE_LIMITS.headerChars)} caracteres. Confira se é a planilha certa.`,
  cellChars: (line: number) => `Uma célula da linha ${count(line)} passa de ${count(TABLE_LIMITS.cellChars)} caracteres, mais do que qualquer campo guarda.`,
  rowChars: (line: number) => `A linha ${count(line)} da planilha passa de ${count(TABLE_LIMITS.rowChars)} caracteres.`,
  rows: () => `A planilha passa de ${count(TABLE_LIMITS.rows)} linhas: divida-a em arquivos menores.`,
  zipEntries: () => `O arquivo XLSX tem mais de ${count(TABLE_LIMITS.zipEntries)} partes internas: salve-o de novo no Excel ou envie-o em CSV.`,
  sheets: () => `A pasta de trabalho tem mais de ${count(TABLE_LIMITS.sheets)} planilhas: deixe só a que quer importar.`,
  partBytes: (limit: number) =>
    `O arquivo XLSX se expande para mais de ${megabytes(limit)} ao ser aberto, mais do que uma planilha de importação. Envie-o em CSV ou divida-o.`,
  compressionRatio: () =>
    `O arquivo XLSX se expande mais de ${count(TABLE_LIMITS.compressionRatio)} vezes ao ser aberto, o que uma planilha comum não faz. Salve-o de novo no Excel ou envie-o em CSV.`,
  sharedStrings: () =>
    `A planilha tem mais de ${count(TABLE_LIMITS.sharedStrings)} textos diferentes, mais do que uma importação lê em XLSX. Envie-a em CSV ou divida-a.`,
} as const;

/**
 * A row as a reader gives it, checked against the limits of a row: its columns, its cells and its length.
 * `line` is the row's line in the file (1 for the header).
 */
export function checkRow(cells: string[], line: number): string[] {
  if (cells.length > TABLE_LIMITS.columns) throw new TableLimitExceeded(tableLimitMessage.columns(line));
  let chars = 0;
  for (const cell of cells) {
    if (cell.length > TABLE_LIMITS.cellChars) throw new TableLimitExceeded(tableLimitMessage.cellChars(line));
    chars += cell.length;
  }
  if (line === 1 ? chars > TABLE_LIMITS.headerChars : chars > TABLE_LIMITS.rowChars)
    throw new TableLimitExceeded(line === 1 ? tableLimitMessage.headerChars() : tableLimitMessage.rowChars(line));
  return cells;
}
