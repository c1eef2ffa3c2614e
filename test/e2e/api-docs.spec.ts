import { mkdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { browserAvailable, browserFrom, useBrowserApp } from '../support/browser.js';

const app = useBrowserApp();
mkdirSync('test-results', { recursive: true });

describe.skipIf(!browserAvailable)('the API documentation page in Chromium', () => {
  it('shows every group of routes from the local document, with no request to another host and no CSP refusal', async () => {
    for (const width of [390, 1440]) {
      const { context, page, errors } = await browserFrom(app.browser, '203.0.113.250', width);
      const foreign: string[] = [];
      page.on('request', (req) => {
        if (!req.url().startsWith(app.baseUrl)) foreign.push(req.url());
      });
      await page.goto(`${app.baseUrl}/api/docs`);
      await page.getByRole('heading', { name: /AgroMaq API/ }).waitFor();
      // A group, opened: the companies' list with its parameters.
      await page.locator('.opblock-tag', { hasText: 'admin/enterprises' }).first().waitFor();
      const operation = page.locator('.opblock-get', { hasText: '/api/admin/enterprises' }).first();
      await operation.locator('.opblock-summary').click();
      await operation.getByText('ordem', { exact: true }).first().waitFor();
      await page.screenshot({ path: `test-results/api-docs-${width}.png` });
      expect(foreign).toEqual([]);
      expect(errors).toEqual([]);
      await context.close();
    }
  });
});
