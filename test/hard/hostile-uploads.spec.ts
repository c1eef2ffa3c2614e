import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Import } from '../../src/imports/import.entity.js';
import { IMPORT_MAX_RUNS } from '../../src/imports/imports.service.js';
import { bearer, loginAs, type AdminSession } from '../support/admin-session.js';
import { lastColumnXlsx, sharedStringsBomb, wideHeaderCsv, ZIP_SIGNATURE_ONLY } from '../support/hostile-files.js';
import { sharedDeployment, spawnInstance, type SpawnedInstance } from '../support/instances.js';
import { freePort } from '../support/private-mariadb.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

// The built server with the Docker image's heap (--max-old-space-size=320) is sent the files that took it down:
// each is refused with a 400 while the instance keeps answering its liveness check, and an import whose runs
// keep dying is given up at the next start instead of being taken over forever. The figures are printed: the
// answers took 12 s and blocked the liveness check for 4.1 s before the limits; the bounds checked here are an
// order of magnitude above what a quiet machine shows, so a busy one does not fail them.
const { tag, env: base } = sharedDeployment('hostile');
const deployment = { ...base, UPLOADS_DIR: join(tmpdir(), `agromaq_hostile_${tag}_uploads`) };
const IMAGE_HEAP = ['--max-old-space-size=320'];

let owner: TestApp;
let session: AdminSession;
let instance: SpawnedInstance | null = null;

beforeAll(async () => {
  // The database and the admin's session, made once; the test app stays open to read and set the database.
  owner = await startTestApp(deployment);
  session = await loginAs(owner, 'gestor');
});

afterAll(async () => {
  await instance?.kill();
  await owner?.close();
});

/**
 * The instance's own measure of how long its event loop was held (Node's event-loop delay, as /metrics reports
 * it): the longest delay since the last time it was read, in milliseconds. Read from the metrics port, which
 * the upload does not go through, so nothing on this side adds to it.
 */
async function longestLoopDelay(metricsPort: number): Promise<number> {
  const text = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
  const line = /^agromaq_nodejs_eventloop_lag_max_seconds (\S+)$/m.exec(text);
  if (!line) throw new Error('no event-loop delay in /metrics');
  return Number(line[1]) * 1000;
}

/** Asks for the liveness check every 20 ms until stopped, and counts the answers that failed. */
function watchLiveness(url: string): { stop(): Promise<{ answered: number; failed: number }> } {
  let running = true;
  let answered = 0;
  let failed = 0;
  const loop = (async () => {
    while (running) {
      const ok = await fetch(`${url}/api/health/live`).then(
        (res) => res.ok,
        () => false,
      );
      if (ok) answered += 1;
      else failed += 1;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      return { answered, failed };
    },
  };
}

async function send(url: string, file: Buffer, name: string): Promise<{ status: number; body: { message?: string; id?: number; mapeamento?: object } }> {
  const form = new FormData();
  form.append('tipo', 'empresas');
  form.append('arquivo', new Blob([new Uint8Array(file)]), name);
  const res = await fetch(`${url}/api/admin/importacoes`, { method: 'POST', headers: bearer(session), body: form });
  return { status: res.status, body: (await res.json()) as { message?: string } };
}

describe('hostile uploads against the built server on the image’s heap', () => {
  it('refuses each with a 400 while the liveness check keeps answering, and lives on', async () => {
    const metricsPort = await freePort();
    instance = await spawnInstance({ ...deployment, METRICS_PORT: String(metricsPort) }, { nodeFlags: IMAGE_HEAP });
    const files: [string, Buffer, RegExp][] = [
      ['larga-10mb.csv', wideHeaderCsv(10 * 1024 * 1024), /mais de 200 colunas/],
      ['larga-48mb.csv', wideHeaderCsv(48 * 1024 * 1024), /mais de 200 colunas/],
      ['bomba.xlsx', sharedStringsBomb(60_000_000), /se expande mais de 100 vezes/],
      ['quatro-bytes.xlsx', ZIP_SIGNATURE_ONLY, /Não foi possível ler a planilha/],
      ['xfd.xlsx', lastColumnXlsx(5_000), /mais de 200 colunas/],
    ];
    for (const [name, file, message] of files) {
      await longestLoopDelay(metricsPort);
      const watch = watchLiveness(instance.url);
      const started = performance.now();
      const res = await send(instance.url, file, name);
      const took = performance.now() - started;
      const live = await watch.stop();
      const held = await longestLoopDelay(metricsPort);
      console.log(
        `${name} (${file.length.toLocaleString('en')} bytes): ${res.status} in ${Math.round(took)} ms; event loop held at most ${Math.round(held)} ms; liveness answered ${live.answered} times`,
      );
      expect(res.status, JSON.stringify(res.body).slice(0, 200)).toBe(400);
      expect(res.body.message).toMatch(message);
      expect(took).toBeLessThan(10_000);
      expect(live.failed).toBe(0);
      expect(live.answered).toBeGreaterThan(0);
      expect(held).toBeLessThan(1_000);
    }
    expect((await fetch(`${instance.url}/api/health`)).status).toBe(200);
    expect(await owner.dataSource.getRepository(Import).count()).toBe(0);
  });

  it('fails the run of a file that passes a limit past the preview, and a restart gives up an import whose runs keep dying', async () => {
    instance ??= await spawnInstance(deployment, { nodeFlags: IMAGE_HEAP });
    const analysed = await send(instance.url, lastColumnXlsx(5_000, 3_000), 'xfd-tarde.xlsx');
    expect(analysed.status).toBe(201);
    const id = analysed.body.id!;
    const started = await fetch(`${instance.url}/api/admin/importacoes/${id}/iniciar`, {
      method: 'POST',
      headers: { ...bearer(session), 'Content-Type': 'application/json' },
      body: JSON.stringify({ mapeamento: analysed.body.mapeamento, modo: 'criar' }),
    });
    expect(started.status).toBe(202);
    const imports = owner.dataSource.getRepository(Import);
    let state = await imports.findOneByOrFail({ id });
    for (let wait = 0; wait < 600 && !['concluida', 'falhou'].includes(state.status); wait++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      state = await imports.findOneByOrFail({ id });
    }
    expect(state.status).toBe('falhou');
    expect(state.error).toMatch(/A linha 3\.002 da planilha tem mais de 200 colunas/);
    expect((await fetch(`${instance.url}/api/health`)).status).toBe(200);

    // An import left running by instances that each died reading it: the next start gives it up with the reason.
    await instance.kill();
    instance = null;
    await imports.update(
      { id },
      {
        status: 'processando',
        error: null,
        finishedAt: null,
        runs: IMPORT_MAX_RUNS,
        heartbeatAt: new Date(Date.now() - 10 * 60_000),
        runningAdminId: state.adminId,
      },
    );
    state = await imports.findOneByOrFail({ id });
    expect(state.status).toBe('processando');
    instance = await spawnInstance(deployment, { nodeFlags: IMAGE_HEAP });
    for (let wait = 0; wait < 300 && state.status !== 'falhou'; wait++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      state = await imports.findOneByOrFail({ id });
    }
    expect(state).toMatchObject({ status: 'falhou', runs: IMPORT_MAX_RUNS, runningAdminId: null });
    expect(state.error).toMatch(/parou três vezes sem terminar/);
    expect((await fetch(`${instance.url}/api/health`)).status).toBe(200);
  });
});
