import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createConnection } from 'mysql2/promise';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/app-config.js';
import { bearer, loginAs, type AdminSession } from '../support/admin-session.js';
import { enterpriseBody } from '../support/enterprise-factory.js';
import { startTestS3 } from '../support/s3.js';
import { dropDatabase, startTestApp, testDatabaseEnv, usingMysql, type TestApp } from '../support/test-app.js';

// Issue 32: `npm run backup` writes a consistent snapshot of the database and the uploads while the app keeps
// writing; `npm run restore` brings it back into an empty database and folder, and refuses a non-empty one.

const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5f0e1d50000000049454e44ae426082',
  'hex',
);

/** The backup command, as `npm run backup` / `restore` run it, on the database and uploads of `env`. */
function cli(env: Record<string, string>, ...args: string[]): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['dist/backup/cli.js', ...args], {
      env: { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'silent', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('close', (code) => resolve({ code, output }));
  });
}

let source: TestApp;
let admin: AdminSession;
let outDir: string;
const restoredEnvs: Record<string, string>[] = [];
beforeAll(async () => {
  source = await startTestApp();
  admin = await loginAs(source, 'master');
  outDir = mkdtempSync(join(tmpdir(), 'agromaq-backups-'));
});
afterAll(async () => {
  await source?.close();
  for (const env of restoredEnvs) await dropDatabase(loadConfig({ NODE_ENV: 'test', ...env }, { secretsFile: null }));
  rmSync(outDir, { recursive: true, force: true });
});

/** The environment the CLI needs to reach the source app's database and uploads. */
const sourceEnv = (): Record<string, string> => {
  const db = source.config.db;
  const base = { UPLOADS_DIR: source.config.uploadsDir, OUTBOX_DIR: source.config.mail.outboxDir };
  if (db.type === 'sqlite') return { ...base, DB_TYPE: 'sqlite', DB_PATH: db.path };
  return { ...base, DB_TYPE: 'mysql', DB_HOST: db.host, DB_PORT: String(db.port), DB_USER: db.username, DB_PASSWORD: db.password, DB_NAME: db.database };
};

describe('npm run backup / restore', () => {
  it('restores every write acknowledged before the snapshot, with its kept counts, search and history, and the uploads', async () => {
    const logo = await request(source.server).post('/api/admin/upload/logo').set(bearer(admin)).attach('file', PNG, 'marca.png').expect(201);
    const logoFile = String(logo.body.filename);

    // Writes go on, one after another, during the whole backup; each is acknowledged (201) or not.
    const acknowledged: { id: number; at: number; fantasia: string }[] = [];
    let writing = true;
    const writer = (async () => {
      for (let index = 0; writing; index++) {
        // A word of its own per company ("r0045"): a bare number would also start an ending of every
        // company's IE (search finds any part of a document number), and list them all.
        const fantasia = `Restauro Máquinas R${String(index).padStart(4, '0')} Ltda`;
        const res = await request(source.server)
          .post('/api/admin/enterprises')
          .set(bearer(admin))
          .send(enterpriseBody({ fantasia, razao: `${fantasia} Comércio`, logo: logoFile }));
        expect(res.status, JSON.stringify(res.body)).toBe(201);
        acknowledged.push({ id: Number(res.body.id), at: Date.now(), fantasia });
      }
    })();
    while (acknowledged.length < 20) await new Promise((resolve) => setTimeout(resolve, 20));
    const started = Date.now();
    const backup = await cli(sourceEnv(), 'backup', '--out', outDir);
    const finished = Date.now();
    writing = false;
    await writer;
    expect(backup.code, backup.output).toBe(0);
    expect(acknowledged.filter((write) => write.at > started && write.at < finished).length, 'writes acknowledged while the backup ran').toBeGreaterThan(0);
    const archives = readdirSync(outDir).filter((name) => /^agromaq-backup-\d{8}T\d{6}Z\.tar\.gz$/.test(name));
    expect(archives).toHaveLength(1);
    expect(readdirSync(outDir), 'no partial file left').toHaveLength(1);
    const archive = join(outDir, archives[0]);

    const target = testDatabaseEnv();
    restoredEnvs.push(target);
    const restore = await cli(target, 'restore', archive);
    expect(restore.code, restore.output).toBe(0);
    expect(existsSync(join(target.UPLOADS_DIR, 'logos', logoFile))).toBe(true);
    expect(readFileSync(join(target.UPLOADS_DIR, 'logos', logoFile))).toEqual(readFileSync(join(source.config.uploadsDir, 'logos', logoFile)));

    const restored = await startTestApp({ ...target, DB_MIGRATE_ON_START: 'false' });
    try {
      const restoredAdmin = await loginAs(restored, 'master');
      const ids = new Set<number>();
      for (let page = 1; ; page++) {
        const res = await request(restored.server).get(`/api/admin/enterprises?busca=Restauro&page=${page}`).set(bearer(restoredAdmin)).expect(200);
        for (const row of res.body.data as { enterprise_id: number }[]) ids.add(row.enterprise_id);
        if (page * res.body.pageSize >= res.body.total) break;
      }
      // Every write acknowledged before the backup began is there, and what is there is a prefix of the writes
      // (the writes are sequential: a consistent snapshot has no gap).
      const before = acknowledged.filter((write) => write.at < started);
      for (const write of before) expect(ids.has(write.id), `company ${write.id}, acknowledged before the backup`).toBe(true);
      const order = acknowledged.map((write) => write.id);
      const kept = order.filter((id) => ids.has(id));
      expect(kept).toEqual(order.slice(0, kept.length));
      expect(kept.length).toBe(ids.size);

      // Kept counts match the rows; the search columns find the last restored company by its name.
      const total = (await request(restored.server).get('/api/admin/enterprises?status=ativos').set(bearer(restoredAdmin)).expect(200)).body.total as number;
      const counter = (await request(restored.server).get('/api/admin/enterprises/contador/ativos').set(bearer(restoredAdmin)).expect(200)).body
        .total as number;
      expect(counter).toBe(total);
      const last = acknowledged.find((write) => write.id === kept[kept.length - 1])!;
      const found = await request(restored.server)
        .get(`/api/admin/enterprises?busca=${encodeURIComponent(last.fantasia)}`)
        .set(bearer(restoredAdmin))
        .expect(200);
      expect((found.body.data as { enterprise_id: number }[]).map((row) => row.enterprise_id)).toContain(last.id);
      // Its history holds its creation.
      const history = await request(restored.server).get(`/api/admin/enterprises/${last.id}/historico`).set(bearer(restoredAdmin)).expect(200);
      expect(history.body.data).toHaveLength(1);
      expect(history.body.data[0].campos).toContainEqual(expect.objectContaining({ campo: 'fantasia', depois_texto: last.fantasia }));
      // The logo is served from the restored uploads.
      await request(restored.server).get(`/images/fabricantes/${logoFile}`).expect(200);
    } finally {
      await restored.app.close();
      if (restored.dataSource.isInitialized) await restored.dataSource.destroy();
    }
  });

  it('refuses to restore into a database or an uploads folder that is not empty, and changes nothing', async () => {
    const archive = join(
      outDir,
      readdirSync(outDir).find((name) => name.endsWith('.tar.gz'))!,
    );
    // The source itself: its database has tables.
    const onSource = await cli(sourceEnv(), 'restore', archive);
    expect(onSource.code).toBe(1);
    expect(onSource.output).toMatch(/is not empty/);

    // An empty database but an uploads folder with a file: refused before the database is touched.
    const target = testDatabaseEnv();
    restoredEnvs.push(target);
    mkdirSync(join(target.UPLOADS_DIR, 'logos'), { recursive: true });
    writeFileSync(join(target.UPLOADS_DIR, 'logos', 'ja-existe.png'), PNG);
    const refused = await cli(target, 'restore', archive);
    expect(refused.code).toBe(1);
    expect(refused.output).toMatch(/uploads folder .* is not empty/);
    if (usingMysql) {
      const connection = await createConnection({ host: target.DB_HOST, port: Number(target.DB_PORT), user: target.DB_USER, password: target.DB_PASSWORD });
      const [rows] = await connection.query('SELECT COUNT(*) AS tables FROM information_schema.tables WHERE table_schema = ?', [target.DB_NAME]);
      await connection.end();
      expect(Number((rows as { tables: number }[])[0].tables)).toBe(0);
    } else {
      expect(existsSync(target.DB_PATH)).toBe(false);
    }

    // Not an archive at all.
    const bogus = join(outDir, 'not-a-backup.tar.gz');
    writeFileSync(bogus, 'hello');
    const wrong = await cli(testDatabaseEnv(), 'restore', bogus);
    expect(wrong.code).toBe(1);
    rmSync(bogus);
  });

  it("with object storage, backs up the bucket's uploads and restores them into an empty bucket, refusing one that holds any", async () => {
    const [from, to] = [await startTestS3(), await startTestS3()];
    const app = await startTestApp(from.env);
    const dir = mkdtempSync(join(tmpdir(), 'agromaq-backups-s3-'));
    try {
      const master = await loginAs(app, 'master');
      const uploaded = await request(app.server).post('/api/admin/upload/logo').set(bearer(master)).attach('file', PNG, 'marca.png').expect(201);
      const key = `logos/${String(uploaded.body.filename)}`;
      const db = app.config.db;
      const dbEnv: Record<string, string> =
        db.type === 'sqlite'
          ? { DB_TYPE: 'sqlite', DB_PATH: db.path }
          : { DB_TYPE: 'mysql', DB_HOST: db.host, DB_PORT: String(db.port), DB_USER: db.username, DB_PASSWORD: db.password, DB_NAME: db.database };
      const backup = await cli({ ...dbEnv, ...from.env }, 'backup', '--out', dir);
      expect(backup.code, backup.output).toBe(0);
      const archive = join(dir, readdirSync(dir)[0]);

      const target = testDatabaseEnv();
      restoredEnvs.push(target);
      const restore = await cli({ ...target, ...to.env }, 'restore', archive);
      expect(restore.code, restore.output).toBe(0);
      expect(await to.keys('logos/')).toEqual([key]);
      expect(await to.read(key)).toEqual(await from.read(key));

      // The bucket now holds uploads: a second restore, even into a new database, is refused.
      const again = testDatabaseEnv();
      restoredEnvs.push(again);
      const refused = await cli({ ...again, ...to.env }, 'restore', archive);
      expect(refused.code).toBe(1);
      expect(refused.output).toMatch(/already holds uploads/);
    } finally {
      await app.close();
      await from.close();
      await to.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
