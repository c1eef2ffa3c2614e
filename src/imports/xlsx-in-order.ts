import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { createInflateRaw } from 'node:zlib';
import { Zip, ZipPassThrough } from 'fflate';
import { TABLE_LIMITS, TableLimitExceeded, tableLimitMessage } from './table-limits.js';

/** A stored file read by byte ranges: its size, and its bytes from an offset (to the end when no length). */
export interface RangeSource {
  size(): Promise<number>;
  stream(offset: number, length?: number): Readable;
}

/** A file that is not a zip an XLSX can be: cut short, damaged, encrypted, or packed in a way Excel does not use. */
export class NotAnXlsx extends Error {
  constructor(reason: string) {
    super(`Not a readable XLSX: ${reason}`);
    this.name = 'NotAnXlsx';
  }
}

/** One file of a zip, as its central directory describes it. */
interface ZipEntry {
  name: string;
  method: number;
  packed: number;
  unpacked: number;
  localOffset: number;
}

/** What a streaming reader needs before the sheets, in this order. */
const BEFORE_SHEETS = ['[Content_Types].xml', '_rels/.rels', 'xl/_rels/workbook.xml.rels', 'xl/workbook.xml', 'xl/styles.xml', 'xl/sharedStrings.xml'];
const SHEET = /^xl\/worksheets\/sheet(\d+)\.xml$/;
const SHARED_STRINGS = 'xl/sharedStrings.xml';
const WORKBOOK_RELATIONS = 'xl/_rels/workbook.xml.rels';
/** A workbook with no shared strings (every text inline) gets an empty table, so the reader never waits for one. */
const EMPTY_SHARED_STRINGS = new TextEncoder().encode(
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="0" uniqueCount="0"/>',
);

const END_OF_DIRECTORY = 0x06054b50;
const DIRECTORY_ENTRY = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;
/** The end-of-directory record, and the longest comment that may follow it. */
const END_RECORD_BYTES = 22;
const MAX_COMMENT = 0xffff;

async function readRange(source: RangeSource, offset: number, length: number): Promise<Buffer> {
  if (length === 0) return Buffer.alloc(0);
  const parts: Buffer[] = [];
  let total = 0;
  for await (const part of source.stream(offset, length)) {
    parts.push(part as Buffer);
    total += (part as Buffer).length;
  }
  const bytes = Buffer.concat(parts, total);
  if (bytes.length < length) throw new NotAnXlsx('cut short');
  return bytes.subarray(0, length);
}

/**
 * The entries of a zip from its central directory, read by ranges and checked before any part is unpacked: the
 * end record found in the file's last bytes, at most TABLE_LIMITS.zipEntries entries, each inside the file,
 * stored or deflated, not encrypted, not zip64 (no spreadsheet of 50 MB needs it).
 */
async function zipDirectory(source: RangeSource): Promise<{ entries: ZipEntry[]; size: number }> {
  const size = await source.size();
  if (size < END_RECORD_BYTES) throw new NotAnXlsx('too short for a zip');
  const tailStart = Math.max(0, size - END_RECORD_BYTES - MAX_COMMENT);
  const tail = await readRange(source, tailStart, size - tailStart);
  let end = -1;
  for (let at = tail.length - END_RECORD_BYTES; at >= 0; at--) {
    if (tail.readUInt32LE(at) === END_OF_DIRECTORY) {
      end = at;
      break;
    }
  }
  if (end < 0) throw new NotAnXlsx('no end of central directory');
  const count = tail.readUInt16LE(end + 10);
  const directorySize = tail.readUInt32LE(end + 12);
  const directoryOffset = tail.readUInt32LE(end + 16);
  if (count === 0xffff || directorySize === 0xffffffff || directoryOffset === 0xffffffff) throw new NotAnXlsx('zip64');
  if (count > TABLE_LIMITS.zipEntries) throw new TableLimitExceeded(tableLimitMessage.zipEntries());
  if (directoryOffset + directorySize > size) throw new NotAnXlsx('central directory outside the file');
  const directory = await readRange(source, directoryOffset, directorySize);
  const entries: ZipEntry[] = [];
  let at = 0;
  for (let index = 0; index < count; index++) {
    if (at + 46 > directory.length || directory.readUInt32LE(at) !== DIRECTORY_ENTRY) throw new NotAnXlsx('damaged central directory');
    const flags = directory.readUInt16LE(at + 8);
    const method = directory.readUInt16LE(at + 10);
    const packed = directory.readUInt32LE(at + 20);
    const unpacked = directory.readUInt32LE(at + 24);
    const nameLength = directory.readUInt16LE(at + 28);
    const extraLength = directory.readUInt16LE(at + 30);
    const commentLength = directory.readUInt16LE(at + 32);
    const localOffset = directory.readUInt32LE(at + 42);
    if (at + 46 + nameLength > directory.length) throw new NotAnXlsx('damaged central directory');
    const name = directory.toString('utf8', at + 46, at + 46 + nameLength);
    at += 46 + nameLength + extraLength + commentLength;
    if (name.endsWith('/')) continue;
    if (flags & 1) throw new NotAnXlsx('encrypted entry');
    if (method !== 0 && method !== 8) throw new NotAnXlsx(`compression method ${method}`);
    if (packed === 0xffffffff || unpacked === 0xffffffff || localOffset === 0xffffffff) throw new NotAnXlsx('zip64');
    if (localOffset + packed > size) throw new NotAnXlsx('entry outside the file');
    entries.push({ name, method, packed, unpacked, localOffset });
  }
  return { entries, size };
}

/** The most a part may unpack to: the shared strings, the styles and the sheet each have their own limit. */
function partLimit(name: string): number {
  if (name === SHARED_STRINGS) return TABLE_LIMITS.sharedStringsBytes;
  if (name === 'xl/styles.xml') return TABLE_LIMITS.stylesBytes;
  if (SHEET.test(name)) return TABLE_LIMITS.sheetBytes;
  return TABLE_LIMITS.otherPartBytes;
}

/** Counts the shared strings (`<si>` elements) of the bytes that pass, across the cuts between reads. */
function sharedStringCounter(): (chunk: Buffer) => number {
  let carry = Buffer.alloc(0);
  let total = 0;
  return (chunk) => {
    const bytes = carry.length > 0 ? Buffer.concat([carry, chunk]) : chunk;
    let from = 0;
    for (;;) {
      const at = bytes.indexOf('<si', from, 'latin1');
      if (at < 0 || at + 3 >= bytes.length) break;
      const next = bytes[at + 3];
      // `<si>`, `<si/>` or `<si xml:space=…>`, not `<sid…`.
      if (next === 0x3e || next === 0x2f || next === 0x20 || next === 0x09 || next === 0x0a || next === 0x0d) total += 1;
      from = at + 3;
    }
    carry = Buffer.from(bytes.subarray(Math.max(from, bytes.length - 3)));
    return total;
  };
}

/**
 * Checks, as a sheet's bytes pass, the column of every cell reference (` r="XFD152"`): a cell past
 * TABLE_LIMITS.columns stops the read before the reader builds its row. exceljs walks every column up to a
 * row's last for each row it reads, so 5,000 rows of one cell at column XFD cost it 80 million steps at once.
 */
function cellColumnGuard(): (chunk: Buffer) => void {
  const A = 0x41;
  const Z = 0x5a;
  let carry = Buffer.alloc(0);
  return (chunk) => {
    const bytes = carry.length > 0 ? Buffer.concat([carry, chunk]) : chunk;
    let from = 0;
    for (;;) {
      const at = bytes.indexOf(' r="', from, 'latin1');
      // A reference cut by the read's end is looked at again with the next bytes.
      if (at < 0 || at + 16 > bytes.length) break;
      let column = 0;
      let index = at + 4;
      while (index < bytes.length && bytes[index] >= A && bytes[index] <= Z && column <= TABLE_LIMITS.columns) {
        column = column * 26 + (bytes[index] - A + 1);
        index += 1;
      }
      if (column > TABLE_LIMITS.columns) {
        const row = /^[A-Z]*(\d+)/.exec(bytes.toString('latin1', at + 4, at + 24));
        throw new TableLimitExceeded(tableLimitMessage.columns(row ? Number(row[1]) : 1));
      }
      from = at + 4;
    }
    carry = Buffer.from(bytes.subarray(Math.max(from, bytes.length - 16)));
  };
}

/**
 * A part's bytes, unpacked as they are read, checked against the limits as they come: never more than the part's
 * limit (whatever its header declares), never more than TABLE_LIMITS.compressionRatio times its packed bytes once
 * past a megabyte, and for the shared strings never more than TABLE_LIMITS.sharedStrings entries.
 */
async function* partBytes(source: RangeSource, entry: ZipEntry, fileSize: number, track: (stream: Readable | null) => void): AsyncGenerator<Buffer> {
  const header = await readRange(source, entry.localOffset, 30);
  if (header.readUInt32LE(0) !== LOCAL_HEADER) throw new NotAnXlsx('damaged local header');
  const start = entry.localOffset + 30 + header.readUInt16LE(26) + header.readUInt16LE(28);
  if (start + entry.packed > fileSize) throw new NotAnXlsx('entry outside the file');
  const limit = partLimit(entry.name);
  const countStrings = entry.name === SHARED_STRINGS ? sharedStringCounter() : null;
  const checkColumns = SHEET.test(entry.name) ? cellColumnGuard() : null;
  let unpacked = 0;
  // Packed bytes unpacked so far (zlib's count of the input it has used): the ratio is checked as the part
  // unpacks, not once it has.
  let packedRead = () => unpacked;
  let stream: Readable;
  if (entry.packed === 0) stream = Readable.from([]);
  else {
    const packed = source.stream(start, entry.packed);
    if (entry.method === 0) stream = packed;
    else {
      const inflate = createInflateRaw({ chunkSize: 64 * 1024 });
      packedRead = () => inflate.bytesWritten;
      // The packed bytes' own failure (a broken read) ends the unpacking with it.
      packed.once('error', (error) => inflate.destroy(error));
      inflate.once('close', () => packed.destroy());
      stream = packed.pipe(inflate);
    }
  }
  track(stream);
  try {
    for await (const chunk of stream) {
      const bytes = chunk as Buffer;
      unpacked += bytes.length;
      if (unpacked > limit) throw new TableLimitExceeded(tableLimitMessage.partBytes(limit));
      if (unpacked > TABLE_LIMITS.ratioAfterBytes && unpacked > packedRead() * TABLE_LIMITS.compressionRatio)
        throw new TableLimitExceeded(tableLimitMessage.compressionRatio());
      if (countStrings && countStrings(bytes) > TABLE_LIMITS.sharedStrings) throw new TableLimitExceeded(tableLimitMessage.sharedStrings());
      checkColumns?.(bytes);
      yield bytes;
    }
  } catch (error) {
    if (error instanceof TableLimitExceeded || error instanceof NotAnXlsx) throw error;
    // zlib's refusals (invalid stored block, unexpected end): the file is damaged.
    throw new NotAnXlsx((error as Error).message);
  } finally {
    stream.destroy();
    track(null);
  }
}

/**
 * An XLSX rewritten, as it is read, with its parts in the order a streaming reader wants them: the workbook, its
 * relations, the styles and the shared strings first, then the first sheet. Excel writes the sheets before the
 * shared strings; read in that order, exceljs copies each sheet to a temporary file before giving its first row,
 * and a reader that stops early (the preview's 100 rows) leaves that file and its descriptor behind. The zip is
 * read by ranges from its own central directory, each part unpacked once under the limits of TABLE_LIMITS and
 * stored uncompressed in the new zip; parts the reader does not use (themes, document properties, other sheets)
 * are left out, and the sheet is only read as far as the reader goes. Any failure (a damaged file, a limit
 * passed, a broken read) fails the returned stream with that error.
 */
export function xlsxInOrder(source: RangeSource): Readable {
  let current: Readable | null = null;
  const bytes = async function* (): AsyncGenerator<Uint8Array> {
    const { entries, size } = await zipDirectory(source);
    const sheets = entries.filter((entry) => SHEET.test(entry.name)).sort((a, b) => Number(SHEET.exec(a.name)![1]) - Number(SHEET.exec(b.name)![1]));
    if (sheets.length === 0) throw new NotAnXlsx('no worksheet');
    if (sheets.length > TABLE_LIMITS.sheets) throw new TableLimitExceeded(tableLimitMessage.sheets());
    const before = BEFORE_SHEETS.flatMap((name) => entries.filter((entry) => entry.name === name));
    // Without the workbook's relations exceljs copies the sheet to a temporary file before reading it.
    if (!before.some((entry) => entry.name === WORKBOOK_RELATIONS)) throw new NotAnXlsx('no workbook relations');
    const out: Uint8Array[] = [];
    let failure: Error | null = null;
    const zip = new Zip((error, chunk) => {
      if (error) failure = error;
      else out.push(chunk);
    });
    const add = async function* (name: string, parts: AsyncIterable<Uint8Array> | Iterable<Uint8Array>): AsyncGenerator<Uint8Array> {
      const part = new ZipPassThrough(name);
      zip.add(part);
      for await (const chunk of parts) {
        part.push(chunk);
        if (failure) throw failure;
        while (out.length > 0) yield out.shift()!;
      }
      part.push(new Uint8Array(0), true);
      while (out.length > 0) yield out.shift()!;
    };
    const track = (stream: Readable | null) => (current = stream);
    for (const entry of before) yield* add(entry.name, partBytes(source, entry, size, track));
    if (!before.some((entry) => entry.name === SHARED_STRINGS)) yield* add(SHARED_STRINGS, [EMPTY_SHARED_STRINGS]);
    yield* add(sheets[0].name, partBytes(source, sheets[0], size, track));
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

/** Bytes in memory read by ranges (a file already read, in tests and tools). */
export function bufferRanges(bytes: Buffer): RangeSource {
  return {
    size: async () => bytes.length,
    stream: (offset, length) => Readable.from([bytes.subarray(offset, length === undefined ? undefined : offset + length)]),
  };
}
