import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { Zip, ZipPassThrough } from 'fflate';
// unzipper ships no types; the part of it used here is typed below.
// @ts-expect-error: untyped CommonJS module
import unzipper from 'unzipper';

/** A stored file read by byte ranges: its size, and its bytes from an offset (to the end when no length). */
export interface RangeSource {
  size(): Promise<number>;
  stream(offset: number, length?: number): Readable;
}

interface ZipEntry {
  path: string;
  type: 'File' | 'Directory';
  stream(): Readable;
}

/** What a streaming reader needs before the sheets, in this order. */
const BEFORE_SHEETS = ['[Content_Types].xml', '_rels/.rels', 'xl/_rels/workbook.xml.rels', 'xl/workbook.xml', 'xl/styles.xml', 'xl/sharedStrings.xml'];
const SHEET = /^xl\/worksheets\/sheet(\d+)\.xml$/;

/**
 * An XLSX rewritten, as it is read, with its parts in the order a streaming reader wants them: the workbook, its
 * relations, the styles and the shared strings first, then the sheets (by number). Excel writes the sheets
 * before the shared strings; read in that order, exceljs copies each sheet to a temporary file before giving its
 * first row, and a reader that stops early (the preview's 100 rows) leaves that file and its descriptor behind.
 * The parts are read by ranges from the zip's central directory, unpacked once and stored uncompressed in the
 * new zip; parts the reader does not use (themes, document properties) are left out, and the sheets are only
 * read as far as the reader goes.
 */
export function xlsxInOrder(source: RangeSource): Readable {
  let current: Readable | null = null;
  const bytes = async function* (): AsyncGenerator<Uint8Array> {
    const directory = (await unzipper.Open.custom(source)) as { files: ZipEntry[] };
    const files = directory.files.filter((entry) => entry.type === 'File');
    const sheets = files.filter((entry) => SHEET.test(entry.path)).sort((a, b) => Number(SHEET.exec(a.path)![1]) - Number(SHEET.exec(b.path)![1]));
    const wanted = [...BEFORE_SHEETS.flatMap((name) => files.filter((entry) => entry.path === name)), ...sheets];
    const out: Uint8Array[] = [];
    let failure: Error | null = null;
    const zip = new Zip((error, chunk) => {
      if (error) failure = error;
      else out.push(chunk);
    });
    for (const entry of wanted) {
      const part = new ZipPassThrough(entry.path);
      zip.add(part);
      current = entry.stream();
      for await (const chunk of current) {
        part.push(chunk as Uint8Array);
        if (failure) throw failure;
        while (out.length > 0) yield out.shift()!;
      }
      current = null;
      part.push(new Uint8Array(0), true);
      while (out.length > 0) yield out.shift()!;
    }
    zip.end();
    while (out.length > 0) yield out.shift()!;
  };
  const stream = Readable.from(bytes(), { objectMode: false });
  // A reader that stops early stops the part being unpacked, and with it the ranged read of the file.
  stream.once('close', () => current?.destroy());
  return stream;
}

/** A file on disk read by ranges. */
export function fileRanges(path: string): RangeSource {
  return {
    size: async () => (await stat(path)).size,
    stream: (offset, length) => createReadStream(path, { start: offset, end: length === undefined ? undefined : offset + length - 1 }),
  };
}
