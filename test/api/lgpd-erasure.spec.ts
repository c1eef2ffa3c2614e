import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import request from 'supertest';
import { AuditEntry } from '../../src/audit/audit-entry.entity.js';
import { ImportsService } from '../../src/imports/imports.service.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, loginAs, nextTestIp, type AdminSession } from '../support/admin-session.js';
import { useMailApp } from '../support/mail-app.js';
import { createAppUser } from '../support/row-factories.js';
import { importEnded, uploadTable } from '../support/imports.js';

// LGPD: an account's deletion reaches every place that keeps the person's values: the audit trail's summaries of
// the admins' edits (and an export searched by the person's e-mail), a users import's failed rows, and users
// uploads waiting to start.
const mailApp = useMailApp('gestor');
let master: AdminSession;
beforeAll(async () => {
  master = await loginAs(mailApp.sut, 'master');
});

const tokenFrom = (text: string) => /https:\/\/agromaq\.test\/excluir-conta\/confirmar\?token=([\w-]+)/.exec(text)?.[1];

/** The whole audit trail as the masters' API answers it (its JSON text). */
async function trailText(): Promise<string> {
  const res = await request(mailApp.sut.server).get('/api/admin/auditoria?pageSize=1000').set(bearer(master)).expect(200);
  return res.text;
}

/** Uploads a users sheet (CSV, `;`) as the gestor and runs it with the guessed mapping until it ends. */
async function importUsers(lines: string[]): Promise<{ id: number; falhas: number }> {
  const { sut, admin } = mailApp;
  const uploaded = await uploadTable(sut, admin, 'usuarios', Buffer.from(lines.join('\r\n')));
  expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(201);
  const id = uploaded.body.id as number;
  const started = await request(sut.server)
    .post(`/api/admin/importacoes/${id}/iniciar`)
    .set(bearer(admin))
    .send({ mapeamento: uploaded.body.mapeamento, modo: 'criar' });
  expect(started.status, JSON.stringify(started.body)).toBe(202);
  return { id, falhas: (await importEnded(sut, id, admin)).falhas as number };
}

const failedRowsOf = async (importId: number) =>
  (await request(mailApp.sut.server).get(`/api/admin/importacoes/${importId}/falhas`).set(bearer(mailApp.admin)).buffer(true).expect(200)).text;

describe("an account's deletion erases the person from the audit trail and the import failures", () => {
  it('redacts the trail entries about the user (action, who, when and target kept) and deletes the failed import rows holding the e-mail', async () => {
    const { sut, smtp, admin } = mailApp;
    const api = (method: 'put' | 'patch', path: string, body: object) => request(sut.server)[method](`/api/admin/users/${path}`).set(bearer(admin)).send(body);
    const user = await createAppUser(sut, { firstname: 'Provisório', lastname: 'Antigo' });
    const person = {
      firstname: 'Valdirene',
      lastname: 'Quintanilha',
      email: 'vitima@example.com',
      fone: '(43) 98877-6655',
      cpf: '529.982.247-25',
    };
    await api('put', String(user.userId), { ...person, fone: null }).expect(200);
    await api('put', String(user.userId), person).expect(200);
    await api('patch', `${user.userId}/status`, { status: 0 }).expect(200);
    await api('patch', `${user.userId}/status`, { status: 1 }).expect(200);
    // An export searched by the person's e-mail keeps the search in its entry.
    await request(sut.server).get('/api/admin/users/exportar').query({ busca: 'Vitima@Example.com' }).set(bearer(admin)).expect(200);
    // A users import whose rows fail (status unknown): one holds the person's e-mail (as typed, in capitals), one someone else's.
    const imported = await importUsers([
      'Nome;Sobrenome;E-mail;CPF;Status',
      'Valdirene;Quintanilha;VITIMA@example.com;529.982.247-25;talvez',
      'Outra;Pessoa;outra.pessoa@example.com;;talvez',
    ]);
    expect(imported.falhas).toBe(2);
    expect((await failedRowsOf(imported.id)).toLowerCase()).toContain('vitima@example.com');
    expect(await trailText()).toContain('"depois_texto":"vitima@example.com"');

    // A users upload analysed and not started, holding the person.
    const waiting = await uploadTable(sut, admin, 'usuarios', Buffer.from(['Email;Nome', 'vitima@example.com;Valdirene'].join('\r\n')));
    expect(waiting.status).toBe(201);
    const uploads = join(sut.config.uploadsDir, 'imports');
    const keptUploads = () => readdirSync(uploads).filter((name) => name.endsWith('.upload'));
    expect(keptUploads()).toHaveLength(1);

    // An entry written before the trail kept changes: the fields as the edit form sent them.
    const legacyId = (
      await sut.dataSource.getRepository(AuditEntry).insert({
        adminId: null,
        adminUsername: admin.username,
        ip: admin.ip,
        action: 'user.update',
        targetType: 'user',
        targetId: user.userId,
        summary: JSON.stringify({ email: person.email, fone: null, status: 1 }),
      })
    ).identifiers[0].id as number;

    const delivered = smtp.next(person.email);
    await request(sut.server).post('/api/public/usuario/excluir-conta').set('X-Forwarded-For', nextTestIp()).send({ email: person.email }).expect(200);
    const token = tokenFrom((await delivered).text ?? '')!;
    expect(token).toBeTruthy();
    await request(sut.server).post('/api/public/usuario/excluir-conta/confirmar').set('X-Forwarded-For', nextTestIp()).send({ token }).expect(200);

    const trail = await trailText();
    const erased = ['vitima@example.com', '52998224725', '529.982.247-25', '43988776655', '(43) 98877-6655', '98877-6655', 'Valdirene', 'Quintanilha'];
    for (const value of erased) expect(trail.toLowerCase(), value).not.toContain(value.toLowerCase());
    // Who did what to which record, and when, stay; the person's values read "(removido)", an empty value stays empty.
    type Entry = {
      id: number;
      action: string;
      admin_username: string;
      target_type: string | null;
      target_id: number | null;
      created_at: string;
      summary: Record<string, unknown> | null;
      campos: { rotulo: string; antes_texto: string; depois_texto: string }[] | null;
    };
    const entries = (JSON.parse(trail) as { data: Entry[] }).data;
    const legacy = entries.find((entry) => entry.id === legacyId)!;
    const about = entries.filter((entry) => entry.target_type === 'user' && entry.target_id === user.userId && entry.id !== legacyId);
    expect(about.map((entry) => entry.action).toSorted()).toEqual(['user.status', 'user.status', 'user.update', 'user.update']);
    const [edit, firstEdit] = about.filter((entry) => entry.action === 'user.update');
    expect(edit).toMatchObject({ admin_username: admin.username, created_at: expect.any(String) });
    // The second edit set the phone (empty before: stays empty); the first changed the rest.
    expect(edit.summary).toMatchObject({ alteracoes: { fone: [null, '(removido)'] } });
    const firstChanges = firstEdit.summary!.alteracoes as Record<string, unknown[]>;
    expect(Object.keys(firstChanges)).toEqual(expect.arrayContaining(['firstname', 'lastname', 'email', 'cpf']));
    for (const [column, pair] of Object.entries(firstChanges)) {
      expect(pair[1], column).toBe('(removido)');
      expect([null, '(removido)'], column).toContain(pair[0]);
    }
    expect(firstEdit.campos).toEqual(
      expect.arrayContaining([expect.objectContaining({ rotulo: 'E-mail', antes_texto: '(removido)', depois_texto: '(removido)' })]),
    );
    expect(about.filter((entry) => entry.action === 'user.status').map((entry) => entry.summary)).toEqual(
      expect.arrayContaining([
        { alteracoes: { status: [1, 0] }, operacao: 'alteracao' },
        { alteracoes: { status: [0, 1] }, operacao: 'alteracao' },
      ]),
    );
    // An entry written before the trail kept changes (the fields sent) is redacted too.
    expect(legacy.summary).toMatchObject({ email: '(removido)', fone: null, status: 1 });
    const exported = entries.find((entry) => entry.action === 'user.export')!;
    expect(exported.summary).toMatchObject({ busca: '(removido)' });

    // The waiting upload is cancelled, and the next sweep removes its file.
    expect((await request(sut.server).get(`/api/admin/importacoes/${waiting.body.id}`).set(bearer(admin))).body.status).toBe('cancelada');
    await sut.app.get(ImportsService).sweep();
    expect(keptUploads()).toEqual([]);

    // The failed row with the person's e-mail is gone; the other person's stays.
    const failures = (await failedRowsOf(imported.id)).toLowerCase();
    expect(failures).not.toContain('vitima@example.com');
    expect(failures).not.toContain('529.982.247-25');
    expect(failures).toContain('outra.pessoa@example.com');
  });
});
