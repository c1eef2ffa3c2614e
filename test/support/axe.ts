import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface AxeResult {
  violations: { id: string; impact: string | null; nodes: { target: string[] }[] }[];
}

/**
 * The violations axe-core finds on the page as it is now (a dialog open, say), one line each, of any impact:
 * WCAG 2.0, 2.1 and 2.2 A and AA, 2.5.3 (label in name, an experimental rule of axe's) and axe's best practices
 * (landmarks, regions, headings); with `within`, only inside the elements that selector matches (one dialog of
 * the page). Measured on a settled page: no list being reloaded (aria-busy), no transition running.
 * axe is evaluated through the DevTools protocol, which the page's Content-Security-Policy does not restrict.
 */
export async function wcagViolations(page: Page, within?: string): Promise<string[]> {
  // A list being reloaded is dimmed for a moment (aria-busy): its colours are not the page's.
  await page.waitForFunction(() => document.querySelector('[aria-busy="true"]') === null);
  // Colours in the middle of a transition (a dialog's backdrop fading in) are not the page's: measured once it ends.
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => animation.playState !== 'running' || animation.effect?.getComputedTiming().endTime === Infinity),
  );
  await page.evaluate(axeSource);
  const tags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];
  return page.evaluate(
    async ({ selector, tags }) => {
      const axe = (window as unknown as { axe: { run: (context: unknown, options: unknown) => Promise<AxeResult> } }).axe;
      const result = await axe.run(selector ? { include: [selector] } : document, {
        resultTypes: ['violations'],
        runOnly: { type: 'tag', values: tags },
        // 2.5.3 Label in Name: axe keeps its rule among the experimental ones, off unless asked for.
        rules: { 'label-content-name-mismatch': { enabled: true } },
      });
      return result.violations.map((violation) => `${violation.id} (${violation.impact}): ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
    },
    { selector: within, tags },
  );
}
