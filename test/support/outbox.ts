import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { simpleParser, type ParsedMail } from 'mailparser';

/** The messages the app wrote to its outbox folder (no SMTP configured), oldest first. */
export async function outboxMessages(directory: string): Promise<ParsedMail[]> {
  if (!existsSync(directory)) return [];
  const files = readdirSync(directory)
    .filter((file) => file.endsWith('.eml'))
    .sort();
  return Promise.all(files.map((file) => simpleParser(readFileSync(join(directory, file)))));
}

/** The link of the latest message to an address, for a path such as /redefinir-senha. */
export async function latestLink(directory: string, to: string, path: string): Promise<string | null> {
  const messages = (await outboxMessages(directory)).filter((mail) => JSON.stringify(mail.to).includes(to));
  const text = messages.at(-1)?.text ?? '';
  return new RegExp(`https?://[^\\s]+${path}\\?token=[\\w-]+`).exec(text)?.[0] ?? null;
}

/** The latest link once it is there: e-mails are sent just after the answer, so the file may lag the page a little. */
export async function awaitLink(directory: string, to: string, path: string, timeoutMs = 5000): Promise<string> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const link = await latestLink(directory, to, path);
    if (link) return link;
    if (Date.now() > until) throw new Error(`no e-mail to ${to} with ${path} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
