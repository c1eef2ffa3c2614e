import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { BackgroundTasks } from '../../src/common/background-tasks.js';
import type { AppConfig } from '../../src/config/app-config.js';
import { MailService } from '../../src/mail/mail.service.js';

/**
 * Without SMTP the messages go to the outbox folder, which people and tests read while the app writes to it:
 * a message must appear there whole or not at all. A second thread watches the folder as fast as it can while
 * large messages are written, and records every size it sees of each .eml file.
 */
describe('the outbox folder (no SMTP)', () => {
  let directory: string;

  beforeEach(() => {
    directory = mkdtempSync(join(tmpdir(), 'agromaq-outbox-'));
  });
  afterEach(() => rmSync(directory, { recursive: true, force: true }));

  it('never shows a message half written', async () => {
    const config = {
      appUrl: 'https://agromaq.test',
      mail: { smtpUrl: null, from: 'AgroMaq <nao-responda@agromaq.com.br>', outboxDir: directory },
      redis: { url: null },
    };
    const mail = new MailService(config as unknown as AppConfig, new BackgroundTasks());
    const watcher = new Worker(
      `const { parentPort, workerData } = require('node:worker_threads');
       const { readdirSync, statSync } = require('node:fs');
       const seen = {};
       let stop = false;
       parentPort.on('message', () => { stop = true; });
       (function loop() {
         for (let i = 0; i < 2000; i += 1) {
           for (const name of readdirSync(workerData)) {
             if (!name.endsWith('.eml')) continue;
             try { (seen[name] ??= new Set()).add(statSync(workerData + '/' + name).size); } catch {}
           }
         }
         if (stop) parentPort.postMessage(Object.fromEntries(Object.entries(seen).map(([k, v]) => [k, [...v]])));
         else setImmediate(loop);
       })();`,
      { eval: true, workerData: directory },
    );
    const body = 'Linha de texto do corpo da mensagem. '.repeat(400_000); // about 15 MB once encoded
    for (let n = 0; n < 4; n += 1) await mail.send({ to: `pessoa${n}@example.com`, subject: `Mensagem ${n}`, text: body, html: `<p>${n}</p>` });
    const seen = await new Promise<Record<string, number[]>>((resolve) => {
      watcher.once('message', resolve);
      watcher.postMessage('stop');
    });
    await watcher.terminate();

    const files = readdirSync(directory).filter((name) => name.endsWith('.eml'));
    expect(files).toHaveLength(4);
    expect(readdirSync(directory)).toHaveLength(4); // no leftover of a write
    for (const name of files) {
      const size = statSync(join(directory, name)).size;
      expect(size).toBeGreaterThan(10_000_000);
      expect(seen[name] ?? [size], name).toEqual([size]);
    }
  }, 60_000);
});
