import { sep } from 'node:path';

/** The folders whose files the app serves as they are (its public files, the client build, local logos), as named at start-up. */
const servedFolders = new Set<string>();

/** Names a folder the app serves files from, and returns it (for the static plugin's `root`). */
export function servedFolder(folder: string): string {
  servedFolders.add(folder.endsWith(sep) ? folder : `${folder}${sep}`);
  return folder;
}

/**
 * Whether an error is a served file that went away between being found and being read: a deploy replacing the
 * client build, a logo replaced, a public file updated by renaming a new one over it. Such a request answers as
 * if the file had never been there (404), and it is not a fault of the server to log.
 */
export function isServedFileGone(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, path } = error as { code?: unknown; path?: unknown };
  if (code !== 'ENOENT' || typeof path !== 'string') return false;
  for (const folder of servedFolders) if (path.startsWith(folder)) return true;
  return false;
}
