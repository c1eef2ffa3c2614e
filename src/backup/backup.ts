import { spawn, spawnSync } from 'node:child_process';
import { createReadStream, createWriteStream, existsSync } from 'node:fs';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import { basename, dirname, join, relative, resolve, sep } from 'node:path';
import { createInterface } from 'node:readline';
import type { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import { GetObjectCommand, ListObjectsV2Command, PutObjectCommand } from '@aws-sdk/client-s3';
import { createConnection } from 'mysql2/promise';
import tar from 'tar-stream';
import { s3Client } from '../common/s3-client.js';
import { pipeToFile } from '../common/write-file-stream.js';
import type { AppConfig, DatabaseConfig } from '../config/app-config.js';

/** What an archive holds, written as its first entry; `restore` reads it before it changes anything. */
export interface BackupManifest {
  /** FORMAT when written; an archive of another format is refused. */
  format: number;
  createdAt: string;
  database: { type: DatabaseConfig['type']; lastMigration: string | null };
  uploads: { files: number; bytes: number };
}

const FORMAT = 1;
/** Inside the archive: the manifest, the database (a SQL dump or a SQLite file), then the uploads' files. */
const MANIFEST = 'manifest.json';
const MYSQL_DUMP = 'database.sql';
const SQLITE_FILE = 'database.sqlite';
const UPLOADS = 'uploads/';
/** The app's uploads in object storage are all under this prefix (S3LogoStorage); locally, under UPLOADS_DIR. */
const LOGOS_PREFIX = 'logos/';

/** A refusal an operator reads: one line, nothing changed. */
export class BackupError extends Error {
  override name = 'BackupError';
}

/** One uploaded file: its path under the uploads (`logos/x.png`), its size and how to read it. */
interface UploadFile {
  path: string;
  size: number;
  open(): Promise<Readable>;
}

/**
 * Writes `agromaq-backup-<UTC time>.tar.gz` into `outDir`: a consistent snapshot of the database (mysqldump's
 * `--single-transaction` on MySQL/MariaDB; `VACUUM INTO` on SQLite, one read transaction), taken while the app
 * keeps writing, then the uploads (the local folder or the bucket's logos). Files are only ever added to the
 * uploads, so every file the snapshot names is in the archive.
 */
export async function createBackup(config: AppConfig, outDir: string): Promise<{ file: string; manifest: BackupManifest }> {
  await mkdir(outDir, { recursive: true });
  const stamp = new Date()
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');
  const file = resolve(outDir, `agromaq-backup-${stamp}.tar.gz`);
  const staged = `${file}.database.part`;
  try {
    const lastMigration = config.db.type === 'mysql' ? await dumpMysql(config.db, staged) : await snapshotSqlite(config.db.path, staged);
    const uploads = await listUploads(config);
    const manifest: BackupManifest = {
      format: FORMAT,
      createdAt: new Date().toISOString(),
      database: { type: config.db.type, lastMigration },
      uploads: { files: uploads.length, bytes: uploads.reduce((total, upload) => total + upload.size, 0) },
    };
    const pack = tar.pack();
    const written = pipeToFile(`${file}.part`, pack, { through: createGzip() });
    await addEntry(pack, MANIFEST, Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`));
    await addEntry(pack, config.db.type === 'mysql' ? MYSQL_DUMP : SQLITE_FILE, createReadStream(staged), (await stat(staged)).size);
    for (const upload of uploads) await addEntry(pack, `${UPLOADS}${upload.path}`, await upload.open(), upload.size);
    pack.finalize();
    await written;
    // Renamed once complete: an archive under its final name is always whole.
    await rename(`${file}.part`, file);
    return { file, manifest };
  } finally {
    await rm(staged, { force: true });
    await rm(`${file}.part`, { force: true });
  }
}

/**
 * Restores an archive into an empty database and an empty uploads' folder or bucket, as configured: anything
 * there already (a table, a file, an object) refuses the restore before it changes anything.
 */
export async function restoreBackup(config: AppConfig, file: string): Promise<BackupManifest> {
  if (!existsSync(file)) throw new BackupError(`${file}: no such file`);
  const extract = tar.extract();
  const source = pipeline(createReadStream(file), createGunzip(), extract);
  // Each entry is a readable stream (streamx's, read like Node's).
  const entries = (extract as unknown as AsyncIterable<Readable & { header: tar.Header }>)[Symbol.asyncIterator]();
  let manifest: BackupManifest | null = null;
  try {
    const first = await entries.next();
    if (first.done || first.value.header.name !== MANIFEST) throw new BackupError(`${basename(file)} is not an AgroMaq backup (no manifest first)`);
    manifest = parseManifest(await readAll(first.value), basename(file));
    if (manifest.format !== FORMAT) throw new BackupError(`${basename(file)}: archive format ${manifest.format} is not ${FORMAT}`);
    if (manifest.database.type !== config.db.type)
      throw new BackupError(`${basename(file)} holds a ${manifest.database.type} database; the configured one is ${config.db.type} (DB_TYPE)`);
    await refuseUnlessEmpty(config);

    const database = await entries.next();
    const expected = config.db.type === 'mysql' ? MYSQL_DUMP : SQLITE_FILE;
    if (database.done || database.value.header.name !== expected) throw new BackupError(`${basename(file)}: ${expected} missing`);
    if (config.db.type === 'mysql') await loadMysql(config.db, database.value);
    else await writeFileFrom(config.db.path, database.value);

    const storage = config.s3 ? s3Client(config.s3) : null;
    try {
      for (let entry = await entries.next(); !entry.done; entry = await entries.next()) {
        const name = entry.value.header.name;
        const path = name.slice(UPLOADS.length);
        if (!name.startsWith(UPLOADS) || !isSafeUploadPath(path)) throw new BackupError(`${basename(file)}: unexpected entry ${name}`);
        if (config.s3 && storage) {
          await storage.send(new PutObjectCommand({ Bucket: config.s3.bucket, Key: path, Body: await readAll(entry.value) }));
        } else {
          await writeFileFrom(join(resolve(config.uploadsDir), ...path.split('/')), entry.value);
        }
      }
    } finally {
      storage?.destroy();
    }
    await source;
    return manifest;
  } catch (error) {
    extract.destroy();
    await source.catch(() => undefined);
    throw error;
  }
}

function parseManifest(content: Buffer, name: string): BackupManifest {
  try {
    const manifest = JSON.parse(content.toString('utf8')) as BackupManifest;
    if (typeof manifest.format === 'number' && typeof manifest.database?.type === 'string') return manifest;
  } catch {
    // Reported below.
  }
  throw new BackupError(`${name}: its manifest is unreadable`);
}

/** The database has no table, the SQLite file is absent or empty, and the uploads have no file. */
async function refuseUnlessEmpty(config: AppConfig): Promise<void> {
  const db = config.db;
  if (db.type === 'sqlite') {
    if (existsSync(db.path) && (await stat(db.path)).size > 0) throw new BackupError(`The database ${db.path} is not empty: restore into a new DB_PATH`);
  } else {
    const connection = await createConnection({ host: db.host, port: db.port, user: db.username, password: db.password });
    try {
      const [rows] = await connection.query('SELECT COUNT(*) AS tables FROM information_schema.tables WHERE table_schema = ?', [db.database]);
      if (Number((rows as { tables: number }[])[0].tables) > 0)
        throw new BackupError(`The database ${db.database} is not empty: restore into a new DB_NAME (it is created when missing)`);
    } finally {
      await connection.end();
    }
  }
  if ((await listUploads(config, 1)).length > 0) {
    throw new BackupError(
      config.s3
        ? `The bucket ${config.s3.bucket} already holds uploads (${LOGOS_PREFIX}): restore into an empty bucket`
        : `The uploads folder ${config.uploadsDir} is not empty: restore into a new UPLOADS_DIR`,
    );
  }
}

/** mysqldump (or mariadb-dump) in one consistent transaction, without DEFINER clauses so any user can load it. */
async function dumpMysql(db: Extract<DatabaseConfig, { type: 'mysql' }>, target: string): Promise<string | null> {
  const lastMigration = await lastMysqlMigration(db);
  const dump = spawn(
    clientBinary(['mariadb-dump', 'mysqldump']),
    [
      '--single-transaction',
      '--quick',
      '--routines',
      '--triggers',
      '--hex-blob',
      '--no-tablespaces',
      '--default-character-set=utf8mb4',
      `--host=${db.host}`,
      `--port=${db.port}`,
      `--user=${db.username}`,
      db.database,
    ],
    // The password by the environment, never on a command line other users can read.
    { env: { ...process.env, MYSQL_PWD: db.password }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const errors = collect(dump.stderr);
  const exited = new Promise<number | null>((done) => dump.on('close', done));
  const out = createWriteStream(target);
  const lines = createInterface({ input: dump.stdout, crlfDelay: Infinity });
  for await (const line of lines) {
    if (!out.write(`${line.startsWith('/*!50003 CREATE*/ /*!50017 DEFINER=') ? line.replace(/\/\*!50017 DEFINER=\S+\*\/ /, '') : line}\n`)) {
      await new Promise<void>((done) => out.once('drain', () => done()));
    }
  }
  await new Promise<void>((done, fail) => out.end((error?: Error | null) => (error ? fail(error) : done())));
  const code = await exited;
  if (code !== 0) throw new BackupError(`The database dump failed (exit ${String(code)}): ${errors().trim().split('\n').pop() ?? ''}`);
  return lastMigration;
}

async function lastMysqlMigration(db: Extract<DatabaseConfig, { type: 'mysql' }>): Promise<string | null> {
  const connection = await createConnection({ host: db.host, port: db.port, user: db.username, password: db.password, database: db.database });
  try {
    const [rows] = await connection.query('SELECT name FROM migrations ORDER BY timestamp DESC LIMIT 1');
    return (rows as { name: string }[])[0]?.name ?? null;
  } finally {
    await connection.end();
  }
}

/** The dump into the mysql (or mariadb) client, in a database created for it when missing. */
async function loadMysql(db: Extract<DatabaseConfig, { type: 'mysql' }>, dump: Readable): Promise<void> {
  const connection = await createConnection({ host: db.host, port: db.port, user: db.username, password: db.password });
  try {
    await connection.query(`CREATE DATABASE IF NOT EXISTS \`${db.database.replace(/`/g, '``')}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
  } finally {
    await connection.end();
  }
  const client = spawn(
    clientBinary(['mariadb', 'mysql']),
    ['--default-character-set=utf8mb4', `--host=${db.host}`, `--port=${db.port}`, `--user=${db.username}`, db.database],
    { env: { ...process.env, MYSQL_PWD: db.password }, stdio: ['pipe', 'ignore', 'pipe'] },
  );
  const errors = collect(client.stderr);
  const exited = new Promise<number | null>((done) => client.on('close', done));
  await pipeline(dump, client.stdin as Writable).catch(() => undefined);
  const code = await exited;
  if (code !== 0) throw new BackupError(`Loading the database failed (exit ${String(code)}): ${errors().trim().split('\n').pop() ?? ''}`);
}

/** SQLite's snapshot: VACUUM INTO reads the database in one transaction, while the app goes on writing (WAL). */
async function snapshotSqlite(path: string, target: string): Promise<string | null> {
  if (!existsSync(path)) throw new BackupError(`No database at ${path} (DB_PATH)`);
  // Loaded only for SQLite: its native addon is built for the Node.js that installed it.
  const { default: Database } = await import('better-sqlite3');
  const db = new Database(path, { fileMustExist: true });
  try {
    db.pragma('busy_timeout = 10000');
    db.prepare('VACUUM INTO ?').run(target);
  } finally {
    db.close();
  }
  const snapshot = new Database(target, { readonly: true });
  try {
    return (snapshot.prepare('SELECT name FROM migrations ORDER BY timestamp DESC LIMIT 1').get() as { name: string } | undefined)?.name ?? null;
  } finally {
    snapshot.close();
  }
}

/** Every uploaded file, as paths under the uploads (`logos/…`); `limit` stops the listing early. */
async function listUploads(config: AppConfig, limit = Infinity): Promise<UploadFile[]> {
  if (config.s3) {
    const s3 = config.s3;
    const client = s3Client(s3);
    const files: UploadFile[] = [];
    let token: string | undefined;
    do {
      const page = await client.send(new ListObjectsV2Command({ Bucket: s3.bucket, Prefix: LOGOS_PREFIX, ContinuationToken: token }));
      for (const object of page.Contents ?? []) {
        if (!object.Key || files.length >= limit) continue;
        const key = object.Key;
        files.push({
          path: key,
          size: object.Size ?? 0,
          open: async () => (await client.send(new GetObjectCommand({ Bucket: s3.bucket, Key: key }))).Body as Readable,
        });
      }
      token = page.IsTruncated && files.length < limit ? page.NextContinuationToken : undefined;
    } while (token);
    return files;
  }
  const root = resolve(config.uploadsDir);
  if (!existsSync(root)) return [];
  const files: UploadFile[] = [];
  for (const entry of await readdir(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || files.length >= limit) continue;
    const full = join(entry.parentPath, entry.name);
    files.push({ path: relative(root, full).split(sep).join('/'), size: (await stat(full)).size, open: async () => createReadStream(full) });
  }
  return files;
}

/** A relative path of plain names: never absolute, never `..`, so an archive cannot write outside the uploads. */
function isSafeUploadPath(path: string): boolean {
  return path.length > 0 && path.length <= 500 && path.split('/').every((part) => part !== '' && part !== '.' && part !== '..' && !part.includes('\\'));
}

/** The first of the client programs found on the PATH. */
function clientBinary(names: string[]): string {
  for (const name of names) if (spawnSync(name, ['--version'], { stdio: 'ignore' }).status === 0) return name;
  throw new BackupError(`Neither ${names.join(' nor ')} is installed: install the MySQL or MariaDB client programs`);
}

function addEntry(pack: tar.Pack, name: string, content: Buffer | Readable, size?: number): Promise<void> {
  return new Promise<void>((done, fail) => {
    if (Buffer.isBuffer(content)) {
      pack.entry({ name, size: content.length, mtime: new Date() }, content, (error) => (error ? fail(error) : done()));
      return;
    }
    const entry = pack.entry({ name, size, mtime: new Date() }, (error) => (error ? fail(error) : done()));
    content.on('error', fail);
    content.pipe(entry);
  });
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Written beside the target under another name, then renamed: the file is whole or absent. */
async function writeFileFrom(target: string, content: Readable): Promise<void> {
  await mkdir(dirname(target), { recursive: true });
  await pipeToFile(`${target}.part`, content);
  await rename(`${target}.part`, target);
}

function collect(stream: Readable | null): () => string {
  let text = '';
  stream?.setEncoding('utf8').on('data', (chunk: string) => {
    text = (text + chunk).slice(-4000);
  });
  return () => text;
}
