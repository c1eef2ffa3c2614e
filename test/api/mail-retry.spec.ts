import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextTestIp } from '../support/admin-session.js';
import { createAppUser } from '../support/row-factories.js';
import { expectSentAgainOnce, startTestSmtp, type TestSmtp } from '../support/smtp.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

// SMTP cannot promise one copy: when the connection breaks after the server took a message but before its "250"
// reached the sender, the sender tries again. The copy must be the same message, with the same Message-ID, by
// which mail systems know it (the shared queue's case is in test/hard/two-instances.spec.ts).
let smtp: TestSmtp;
let sut: TestApp;

beforeAll(async () => {
  smtp = await startTestSmtp(0, { loseAnswers: 1 });
  sut = await startTestApp({ SMTP_URL: smtp.url, APP_URL: 'https://agromaq.test' });
});

afterAll(async () => {
  await sut?.close();
  await smtp?.close();
});

describe('an e-mail sent again after its answer was lost', () => {
  it('goes out again with the same Message-ID and text, and no third time', async () => {
    const user = await createAppUser(sut, { firstname: 'Rita', lastname: 'Resposta Perdida' });
    await request(sut.server).post('/api/public/usuario/esqueci-senha').set('X-Forwarded-For', nextTestIp()).send({ email: user.email }).expect(200);
    const mail = await expectSentAgainOnce(smtp, user.email!);
    expect(mail.text).toContain('https://agromaq.test/redefinir-senha?token=');
  });
});
