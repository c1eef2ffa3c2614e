import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';
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

/** The app on its own database, listening on a loopback port, and a Chromium to drive it. */
export async function startBrowserApp(): Promise<BrowserApp> {
  const sut = await startTestApp();
  await sut.app.listen(0, '127.0.0.1');
  return { sut, baseUrl: await sut.app.getUrl(), browser: await launchBrowser() };
}

export async function stopBrowserApp(target: BrowserApp | undefined): Promise<void> {
  await target?.browser.close();
  await target?.sut.close();
}
