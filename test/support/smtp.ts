import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

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
