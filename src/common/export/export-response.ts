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
 * read (no Content-Length: the size is known only at the end), never cached.
 */
export function exportResponse<T>(
  res: HttpReply,
  format: ExportFormat,
  screen: { file: string; sheet: string },
  columns: ExportColumn<T>[],
  batches: AsyncIterable<T[]>,
): StreamableFile {
  res.header('Content-Type', CONTENT_TYPES[format]);
  res.header('Content-Disposition', `attachment; filename="${screen.file}-${saoPauloDay()}.${format}"`);
  res.header('Cache-Control', 'no-store');
  return new StreamableFile(Readable.from(tableFile(format, screen.sheet, columns, batches)));
}
