import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Contact } from '../../src/contacts/contact.entity.js';
import { nextTestIp } from '../support/admin-session.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

let sut: TestApp;

beforeAll(async () => {
  sut = await startTestApp();
});

afterAll(async () => {
  await sut?.close();
});

const valid = {
  nome: 'João da Silva',
  email: 'joao@fazenda.com.br',
  telefone: '(43) 99999-0000',
  mensagem: 'Quero saber mais sobre o plano anual.',
  empresa: '',
  origem: 'site',
};
const send = (body: unknown, ip = nextTestIp()) =>
  request(sut.server)
    .post('/api/contatos')
    .set('X-Forwarded-For', ip)
    .send(body as object);
const count = () => sut.dataSource.getRepository(Contact).count();

describe('POST /api/contatos', () => {
  it('stores the message as pending, with the sender’s IP and user agent and the phone as digits', async () => {
    const ip = nextTestIp();
    const res = await send({ ...valid, nome: '  Zoë Conceição 🚜 ' }, ip)
      .set('User-Agent', 'Teste/1.0')
      .expect(201);
    expect(res.body).toEqual({ ok: true });
    const stored = await sut.dataSource.getRepository(Contact).findOneByOrFail({ senderIp: ip });
    expect(stored).toMatchObject({
      nome: 'Zoë Conceição 🚜',
      email: 'joao@fazenda.com.br',
      telefone: '43999990000',
      mensagem: valid.mensagem,
      origem: 'site',
      status: 'pendente',
      responseChannel: null,
      userAgent: 'Teste/1.0',
    });
  });

  it('takes line breaks and tabs in the message but no control character, and none in the name', async () => {
    const ip = nextTestIp();
    const mensagem = 'Bom dia,\r\n\tpreciso de peças para a colheitadeira.\nObrigado!';
    await send({ ...valid, mensagem }, ip).expect(201);
    expect((await sut.dataSource.getRepository(Contact).findOneByOrFail({ senderIp: ip })).mensagem).toBe(mensagem);
    const before = await count();
    const refused = await send({ ...valid, nome: 'João\u0000', mensagem: 'Texto com \u001b[31m escape de terminal.' }).expect(400);
    expect(refused.body.errors).toEqual({
      nome: 'O texto contém caracteres de controle (invisíveis), que não são permitidos. Digite-o novamente.',
      mensagem: 'O texto contém caracteres de controle (invisíveis), que não são permitidos. Digite-o novamente.',
    });
    expect(await count()).toBe(before);
  });

  it('answers a filled honeypot like a success and stores nothing', async () => {
    const before = await count();
    await send({ ...valid, empresa: 'Spam Ltda' }).expect(201);
    expect(await count()).toBe(before);
  });

  it('treats a honeypot holding anything but empty text ([] and {} included) as a bot', async () => {
    const before = await count();
    for (const empresa of [[], {}, ['x'], 0, false, 1, ' x ']) await send({ ...valid, empresa }).expect(201);
    expect(await count()).toBe(before);
    for (const empresa of ['', '   ', null]) await send({ ...valid, empresa }).expect(201);
    expect(await count()).toBe(before + 3);
  });

  it('keeps origem to the known origins', async () => {
    for (const origem of ['site', 'app']) await send({ ...valid, origem }).expect(201);
    for (const origem of ['instagram', 'SITE', '<script>', 1, ['site']]) {
      const res = await send({ ...valid, origem }).expect(400);
      expect(res.body.errors).toEqual({ origem: 'Origem inválida.' });
    }
  });

  it('answers the e-mail backtracking attack at once while the server keeps serving', async () => {
    // The reported body (≈100 kB) is over the public routes' limit; one just inside it reaches the validator.
    for (const [email, status] of [
      [`a@${'.'.repeat(99_800)}@`, 413],
      [`a@${'.'.repeat(30_000)}@`, 400],
    ] as const) {
      const started = Date.now();
      const [attack, health] = await Promise.all([
        send({ ...valid, email }),
        new Promise((resolve) => setTimeout(resolve, 20)).then(() => request(sut.server).get('/api/health')),
      ]);
      expect(attack.status).toBe(status);
      expect(attack.body.errors).toEqual(status === 400 ? { email: 'Email inválido' } : undefined);
      expect(health.status).toBe(200);
      expect(Date.now() - started, 'answered within a second').toBeLessThan(1000);
    }
  });

  it('refuses each invalid field with the form’s message, and stores nothing', async () => {
    const before = await count();
    const res = await send({ nome: ' ', email: 'joao@', telefone: '4399', mensagem: ' oi  ' }).expect(400);
    expect(res.body).toMatchObject({
      code: 'VALIDATION_FAILED',
      errors: { nome: 'Informe seu nome', email: 'Email inválido', telefone: 'Telefone inválido', mensagem: 'Descreva sua mensagem' },
    });
    const missing = await send({}).expect(400);
    expect(Object.keys(missing.body.errors).sort()).toEqual(['email', 'mensagem', 'nome', 'telefone']);
    expect(await count()).toBe(before);
  });

  it('refuses phones of more than 11 digits and wrong types', async () => {
    expect((await send({ ...valid, telefone: '(43) 99999-00001' }).expect(400)).body.errors).toEqual({ telefone: 'Telefone inválido' });
    expect((await send({ ...valid, nome: 123, mensagem: ['a'] }).expect(400)).body.errors).toEqual({
      nome: 'Informe seu nome',
      mensagem: 'Descreva sua mensagem',
    });
    expect((await send({ ...valid, extra: true }).expect(400)).body.errors).toEqual({ extra: 'Campo não permitido.' });
  });

  it('stores HTML and script as plain text', async () => {
    const ip = nextTestIp();
    const mensagem = '<script>alert("x")</script><b>negrito</b>';
    await send({ ...valid, nome: '<img src=x onerror=alert(1)>', mensagem }, ip).expect(201);
    const stored = await sut.dataSource.getRepository(Contact).findOneByOrFail({ senderIp: ip });
    expect(stored.mensagem).toBe(mensagem);
    expect(stored.nome).toBe('<img src=x onerror=alert(1)>');
  });

  it('refuses a 10 MB body with 413 and a Portuguese message', async () => {
    const res = await send({ ...valid, mensagem: 'a'.repeat(10 * 1024 * 1024) }).expect(413);
    expect(res.body).toEqual({ statusCode: 413, code: 'PAYLOAD_TOO_LARGE', message: 'A requisição é grande demais.' });
  });

  it('answers 429 past 5 messages from one IP in 10 minutes', async () => {
    const ip = nextTestIp();
    for (let i = 0; i < 5; i += 1) await send(valid, ip).expect(201);
    const res = await send(valid, ip).expect(429);
    expect(res.body.message).toBe('Muitas tentativas. Aguarde um pouco e tente novamente.');
    await send(valid).expect(201);
  });
});
