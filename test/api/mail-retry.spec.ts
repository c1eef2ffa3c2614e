import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextTestIp } from '../support/admin-session.js';
import { createAppUser } from '../support/row-factories.js';
import { startTestSmtp, type TestSmtp } from '../support/smtp.js';
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
    const copies = () => smtp.messages.filter((mail) => JSON.stringify(mail.to).includes(user.email!));
    await expect.poll(() => copies().length, { timeout: 10_000 }).toBe(2);
    const [lost, again] = copies();
    expect(lost.messageId).toMatch(/^<[0-9a-f-]{36}@agromaq\.test>$/);
    expect(again.messageId).toBe(lost.messageId);
    expect(again.text).toBe(lost.text);
    expect(lost.text).toContain('https://agromaq.test/redefinir-senha?token=');
    // Answered this time: not sent a third time.
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(copies()).toHaveLength(2);
  });
});
