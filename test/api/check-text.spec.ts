import { spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Contact } from '../../src/contacts/contact.entity.js';
import { Enterprise } from '../../src/enterprises/enterprise.entity.js';
import { createEnterprise } from '../support/enterprise-factory.js';
import { loginAs } from '../support/admin-session.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

// Issue 38: rows stored before the text rule with control characters or direction overrides are found and
// reported by `npm run data:check-text`, never rewritten.
let sut: TestApp;
beforeAll(async () => {
  sut = await startTestApp();
});
afterAll(async () => {
  await sut?.close();
});

function checkText(): { status: number | null; output: string } {
  const db = sut.config.db;
  const env =
    db.type === 'sqlite'
      ? { DB_TYPE: 'sqlite', DB_PATH: db.path }
      : { DB_TYPE: 'mysql', DB_HOST: db.host, DB_PORT: String(db.port), DB_USER: db.username, DB_PASSWORD: db.password, DB_NAME: db.database };
  const run = spawnSync(process.execPath, ['dist/database/cli.js', 'check-text'], {
    env: { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'silent', ...env },
    encoding: 'utf8',
  });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

describe('npm run data:check-text', () => {
  it('says so when no stored text breaks the rule', () => {
    const clean = checkText();
    expect(clean.status, clean.output).toBe(0);
    expect(clean.output).toMatch(/No stored text breaks the text rule/);
  });

  it('reports each table, column and id holding a control character or a direction override, and changes nothing', async () => {
    const admin = await loginAs(sut, 'master');
    const company = await createEnterprise(sut, admin);
    // Written around the API, as rows stored before the rule were.
    const enterprises = sut.dataSource.getRepository(Enterprise);
    await enterprises.update({ enterpriseId: company.enterprise_id }, { fantasia: 'Agro\u0007 Norte', razao: 'Agro \u202Eetron\u202C Ltda' });
    const contacts = sut.dataSource.getRepository(Contact);
    const fine = await contacts.save(
      contacts.create({ nome: 'Ana', email: 'ana@exemplo.com.br', telefone: '43999990000', mensagem: 'Linha 1\nLinha 2', origem: 'site', status: 'pendente' }),
    );
    const bad = await contacts.save(
      contacts.create({ nome: 'Rui\u0000', email: 'rui@exemplo.com.br', telefone: '43999990000', mensagem: 'Oi', origem: 'site', status: 'pendente' }),
    );

    const report = checkText();
    expect(report.status, report.output).toBe(3);
    expect(report.output).toContain(`- enterprises.fantasia: 1 row(s), ids ${company.enterprise_id}: O texto contém caracteres de controle`);
    expect(report.output).toContain(`- enterprises.razao: 1 row(s), ids ${company.enterprise_id}: O texto contém caracteres que invertem a direção da escrita`);
    expect(report.output).toContain(`- contacts.nome: 1 row(s), ids ${bad.id}: O texto contém caracteres de controle`);
    // A line break in a contact's message is allowed.
    expect(report.output).not.toMatch(new RegExp(`contacts\\.mensagem.*\\b${fine.id}\\b`));
    // Reported, not rewritten.
    expect((await enterprises.findOneByOrFail({ enterpriseId: company.enterprise_id })).fantasia).toBe('Agro\u0007 Norte');
  });
});
