import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { generateCnpj } from '@brazilian-utils/brazilian-utils/generate-cnpj';
import { ImportsService } from '../../src/imports/imports.service.js';
import { Import } from '../../src/imports/import.entity.js';
import { bearer, loginAs } from '../support/admin-session.js';
import { sharedDeployment, spawnInstance } from '../support/instances.js';
import { startTestApp } from '../support/test-app.js';

// Issue 31: the instance running an import is killed in the middle of the file; another instance takes the
// import over once its run has been silent for a minute, resumes after the last finished chunk, and every row
// of the file is in the database exactly once.
const { tag, env: base } = sharedDeployment('import');
const deployment = {
  ...base,
  // Where the instances keep uploads: one folder here, the object store in production (S3_BUCKET).
  UPLOADS_DIR: join(tmpdir(), `agromaq_import_${tag}_uploads`),
};
const ROWS = 12_000;

describe('an import whose instance dies', () => {
  it('is resumed by another instance after its last finished chunk: every row exactly once', async () => {
    // The first instance makes the database and the admin's session, then stops.
    const first = await startTestApp(deployment);
    const session = await loginAs(first, 'gestor');
    await first.app.close();
    if (first.dataSource.isInitialized) await first.dataSource.destroy();

    const cnpjs = new Set<string>();
    while (cnpjs.size < ROWS) cnpjs.add(generateCnpj());
    const csv = ['CNPJ;Nome Fantasia;Razão Social', ...[...cnpjs].map((cnpj, index) => `${cnpj};Retomada ${index};Retomada ${index} Ltda`)].join('\r\n');

    const dying = await spawnInstance(deployment);
    let id = 0;
    try {
      const form = new FormData();
      form.append('tipo', 'empresas');
      form.append('arquivo', new Blob([csv]), 'empresas.csv');
      const analysed = await fetch(`${dying.url}/api/admin/importacoes`, { method: 'POST', headers: bearer(session), body: form });
      expect(analysed.status).toBe(201);
      const body = (await analysed.json()) as { id: number; mapeamento: Record<string, number | null> };
      id = body.id;
      const started = await fetch(`${dying.url}/api/admin/importacoes/${id}/iniciar`, {
        method: 'POST',
        headers: { ...bearer(session), 'Content-Type': 'application/json' },
        body: JSON.stringify({ mapeamento: body.mapeamento, modo: 'atualizar' }),
      });
      expect(started.status).toBe(202);
      // Killed once a chunk or more is done, well before the end.
      for (let wait = 0; wait < 600; wait++) {
        const state = (await (await fetch(`${dying.url}/api/admin/importacoes/${id}`, { headers: bearer(session) })).json()) as { processadas: number };
        if (state.processadas >= 500) break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    } finally {
      await dying.kill();
    }

    const other = await startTestApp(deployment);
    try {
      const imports = other.dataSource.getRepository(Import);
      const left = await imports.findOneByOrFail({ id });
      expect(left.status).toBe('processando');
      expect(left.nextRow).toBeGreaterThanOrEqual(500);
      expect(left.nextRow).toBeLessThan(ROWS);
      console.log(`killed after ${left.nextRow} of ${ROWS} rows`);
      // A minute of silence, as the dead run leaves it.
      await imports.update({ id }, { heartbeatAt: new Date(Date.now() - 120_000) });
      await other.app.get(ImportsService).sweep();
      let done = left;
      for (let wait = 0; wait < 1200 && done.status === 'processando'; wait++) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        done = await imports.findOneByOrFail({ id });
      }
      expect(done, done.error ?? '').toMatchObject({ status: 'concluida', total: ROWS, processed: ROWS, created: ROWS, failed: 0 });
      const list = [...cnpjs];
      let found = 0;
      for (let offset = 0; offset < list.length; offset += 1000) {
        const batch = list.slice(offset, offset + 1000);
        const rows = (await other.dataSource.query(`SELECT COUNT(*) AS total FROM enterprises WHERE cnpj IN (${batch.map(() => '?').join(',')})`, batch)) as {
          total: number | string;
        }[];
        found += Number(rows[0].total);
      }
      expect(found).toBe(ROWS);
      const [{ total }] = (await other.dataSource.query('SELECT COUNT(*) AS total FROM enterprises')) as { total: number | string }[];
      expect(Number(total)).toBe(ROWS);
    } finally {
      await other.close();
    }
  });
});
