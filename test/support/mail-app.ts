import { afterAll, beforeAll } from 'vitest';
import type { AdminRole } from '../../src/auth/admin-role.js';
import { loginAs, type AdminSession } from './admin-session.js';
import { startTestSmtp, type TestSmtp } from './smtp.js';
import { startTestApp, type TestApp } from './test-app.js';

/** A browser's User-Agent as Chrome on Windows sends it. */
export const CHROME_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36';
/** A browser's User-Agent as Firefox on Linux sends it. */
export const FIREFOX_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';

/**
 * For a test file: a real SMTP server, the app sending to it (APP_URL https://agromaq.test) and an admin of
 * `role` logged in; all closed after the file. The returned object reads them once started.
 */
export function useMailApp(role: AdminRole = 'master'): { readonly sut: TestApp; readonly smtp: TestSmtp; readonly admin: AdminSession } {
  let sut: TestApp | undefined;
  let smtp: TestSmtp | undefined;
  let admin: AdminSession | undefined;
  beforeAll(async () => {
    smtp = await startTestSmtp();
    sut = await startTestApp({ SMTP_URL: smtp.url, APP_URL: 'https://agromaq.test' });
    admin = await loginAs(sut, role);
  });
  afterAll(async () => {
    await sut?.close();
    await smtp?.close();
  });
  const started = <T>(value: T | undefined) => {
    if (value === undefined) throw new Error('the mail app is not started');
    return value;
  };
  return {
    get sut() {
      return started(sut);
    },
    get smtp() {
      return started(smtp);
    },
    get admin() {
      return started(admin);
    },
  };
}
