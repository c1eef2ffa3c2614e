import { existsSync } from 'node:fs';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import type { AdminRole } from '../../src/auth/admin-role.js';
import { createAdminFixture, totpCode, type AdminFixture } from './admin-session.js';
import type { AppExtensions } from '../../src/app.js';
import { startTestApp, type TestApp } from './test-app.js';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const browserAvailable = existsSync(CHROMIUM_PATH);

if (!browserAvailable) {
  const message = `Chromium not found at ${CHROMIUM_PATH}: the browser tests are SKIPPED (install Debian's chromium or set CHROMIUM_PATH)`;
  if (process.env.REQUIRE_BROWSER === '1') throw new Error(message);
  console.warn(`\n${'!'.repeat(100)}\n${message}\n${'!'.repeat(100)}\n`);
}

/** Debian's Chromium, headless, with no traffic of its own to the network. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
}

export interface BrowserApp {
  sut: TestApp;
  browser: Browser;
  baseUrl: string;
}

/** The app on its own database (with `env` added to its configuration), listening on a loopback port, and a Chromium to drive it. */
export async function startBrowserApp(env: Record<string, string> = {}, extensions?: AppExtensions): Promise<BrowserApp> {
  const sut = await startTestApp(env, extensions);
  await sut.app.listen(0, '127.0.0.1');
  return { sut, baseUrl: await sut.app.getUrl(), browser: await launchBrowser() };
}

export async function stopBrowserApp(target: BrowserApp | undefined): Promise<void> {
  await target?.browser.close();
  await target?.sut.close();
}

/** The address of a browser that speaks to the app directly, with no proxy header. */
export const LOOPBACK_IP = '127.0.0.1';

/**
 * A browser context that reaches the app from an address: through the trusted loopback proxy header, or
 * directly for LOOPBACK_IP (Chromium's downloads leave without the context's extra headers).
 */
export async function browserFrom(browser: Browser, ip: string, width = 1440): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const proxied = ip === LOOPBACK_IP ? {} : { extraHTTPHeaders: { 'X-Forwarded-For': ip } };
  const context = await browser.newContext({ viewport: { width, height: 900 }, locale: 'pt-BR', ...proxied });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  // A resource the Content-Security-Policy refuses is a page that does not work as built.
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) errors.push(message.text());
  });
  return { context, page, errors };
}

/** Fills the login form with the admin's credentials and current 2FA code, and submits it. */
export async function logIn(page: Page, admin: AdminFixture): Promise<void> {
  await page.getByLabel('Usuário').fill(admin.username);
  await page.getByLabel('Senha', { exact: true }).fill(admin.password);
  await page.getByLabel('2FA').fill(await totpCode(admin.secret));
  await page.getByRole('button', { name: 'Entrar' }).click();
}

/**
 * Starts the app and Chromium once for a test file (when Chromium is there) and stops them after it; the
 * returned object reads them once started.
 */
export function useBrowserApp(env: Record<string, string> = {}, extensions?: AppExtensions): BrowserApp {
  let target: BrowserApp | undefined;
  beforeAll(async () => {
    if (browserAvailable) target = await startBrowserApp(env, extensions);
  });
  afterAll(() => stopBrowserApp(target));
  const started = () => {
    if (!target) throw new Error('the browser app is not started');
    return target;
  };
  return {
    get sut() {
      return started().sut;
    },
    get browser() {
      return started().browser;
    },
    get baseUrl() {
      return started().baseUrl;
    },
  };
}

/** A new gestor (or master) logged in from its own address (or `ip`), on an admin page whose main heading is `heading`. */
export async function openAdminPage(
  app: BrowserApp,
  path: string,
  heading: string,
  width = 1440,
  role: AdminRole = 'gestor',
  ip?: string,
): Promise<{ page: Page; close: () => Promise<void>; errors: string[]; admin: AdminFixture }> {
  const admin = await createAdminFixture(app.sut, role, ip);
  const { context, page, errors } = await browserFrom(app.browser, admin.ip, width);
  await page.goto(`${app.baseUrl}/admin/login?next=${encodeURIComponent(path)}`);
  await logIn(page, admin);
  await page.waitForURL(`${app.baseUrl}${path}`);
  await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
  return { page, close: () => context.close(), errors, admin };
}
