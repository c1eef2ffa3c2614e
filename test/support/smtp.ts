import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { expect } from 'vitest';

export interface TestSmtp {
  url: string;
  messages: ParsedMail[];
  /** The next message delivered to an address (waits for it). */
  next(to: string, timeoutMs?: number): Promise<ParsedMail>;
  close(): Promise<void>;
}

/**
 * A real SMTP server on a loopback port (a free one unless `port` is given) that keeps every message it receives.
 * With `loseAnswers`, it takes the first that many messages (keeps them) and then closes the connection instead of
 * answering "250": the sender cannot tell them from messages never received, as when a connection breaks there.
 */
export async function startTestSmtp(port = 0, { loseAnswers = 0 } = {}): Promise<TestSmtp> {
  const messages: ParsedMail[] = [];
  let answersToLose = loseAnswers;
  const waiting: { to: string; resolve: (mail: ParsedMail) => void }[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((mail) => {
          messages.push(mail);
          if (answersToLose > 0) {
            answersToLose -= 1;
            for (const connection of server.connections) if (connection.id === session.id) connection.close();
            return;
          }
          const recipient = (Array.isArray(mail.to) ? mail.to : [mail.to]).flatMap((to) => to?.value.map((address) => address.address) ?? []);
          for (const waiter of waiting.filter((candidate) => recipient.includes(candidate.to))) {
            waiting.splice(waiting.indexOf(waiter), 1);
            waiter.resolve(mail);
          }
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const bound = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${bound}`,
    messages,
    next(to, timeoutMs = 5000) {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no e-mail to ${to} within ${timeoutMs} ms`)), timeoutMs);
        waiting.push({ to, resolve: (mail) => (clearTimeout(timer), resolve(mail)) });
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * Checks what a server started with `loseAnswers: 1` received for `to` after one message was asked for: the message
 * whose answer was lost, then the same message again (its Message-ID, the one the app gave it, and its text), and no
 * third copy once answered. Answers the copy.
 */
export async function expectSentAgainOnce(smtp: TestSmtp, to: string, timeoutMs = 15_000): Promise<ParsedMail> {
  const copies = () => smtp.messages.filter((mail) => JSON.stringify(mail.to).includes(to));
  await expect.poll(() => copies().length, { timeout: timeoutMs }).toBe(2);
  const [lost, again] = copies();
  expect(lost.messageId).toMatch(/^<[0-9a-f-]{36}@agromaq\.test>$/);
  expect(again.messageId).toBe(lost.messageId);
  expect(again.text).toBe(lost.text);
  // Answered this time: not sent a third time.
  await new Promise((resolve) => setTimeout(resolve, 2500));
  expect(copies()).toHaveLength(2);
  return again;
}
