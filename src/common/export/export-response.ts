import { applyDecorators, StreamableFile } from '@nestjs/common';
import { IsIn, IsOptional } from 'class-validator';
import { Readable } from 'node:stream';
import type { HttpReply } from '../http/http.js';
import { saoPauloDay } from '../sao-paulo-day.js';
import { CONTENT_TYPES, EXPORT_FORMATS, tableFile, type ExportColumn, type ExportFormat } from './table-file.js';

/** The `formato` field of an export's query: csv (the default) or xlsx. */
export const ExportFormatField = () => applyDecorators(IsIn(EXPORT_FORMATS, { message: 'Formato inválido: use csv ou xlsx.' }), IsOptional());

/**
 * Answers a list's export: `<screen>-<São Paulo day>.<format>` as an attachment, streamed as the batches are
 * read (no Content-Length: the size is known only at the end), never cached. The first batch is read before
 * anything is answered, so a database that is away is a 503 with Retry-After, not a download cut short.
 */
export async function exportResponse<T>(
  res: HttpReply,
  format: ExportFormat,
  screen: { file: string; sheet: string },
  columns: ExportColumn<T>[],
  batches: AsyncIterable<T[]>,
): Promise<StreamableFile> {
  const iterator = batches[Symbol.asyncIterator]();
  const first = await iterator.next();
  res.header('Content-Type', CONTENT_TYPES[format]);
  res.header('Content-Disposition', `attachment; filename="${screen.file}-${saoPauloDay()}.${format}"`);
  res.header('Cache-Control', 'no-store');
  return new StreamableFile(Readable.from(tableFile(format, screen.sheet, columns, resumed(first, iterator))));
}

/** The batches again from the one already read, handing an early stop (the client gone) back to the source. */
async function* resumed<T>(first: IteratorResult<T[]>, iterator: AsyncIterator<T[]>): AsyncGenerator<T[]> {
  let done = first.done;
  try {
    if (!first.done) yield first.value;
    while (!done) {
      const next = await iterator.next();
      done = next.done;
      if (!next.done) yield next.value;
    }
  } finally {
    if (!done) await iterator.return?.();
  }
}
