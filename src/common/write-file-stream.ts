import { createWriteStream } from 'node:fs';
import type { PipelineSource } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/**
 * Pipes `source` (through `through`, when given) into a new file at `path`. When the pipeline fails, it settles
 * only once the file is closed: a source that breaks off before the file has even opened would otherwise have it
 * created after the caller removed it, and the file would be left behind.
 */
export async function pipeToFile(
  path: string,
  source: PipelineSource<unknown>,
  options: { through?: NodeJS.ReadWriteStream; flags?: string } = {},
): Promise<void> {
  const sink = createWriteStream(path, { flags: options.flags ?? 'w' });
  try {
    await (options.through ? pipeline(source, options.through, sink) : pipeline(source, sink));
  } catch (error) {
    if (!sink.closed) await new Promise<void>((closed) => sink.once('close', () => closed()));
    throw error;
  }
}
