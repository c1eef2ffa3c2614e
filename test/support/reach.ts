import type { Locator, Page } from 'playwright-core';

/**
 * What a person cannot reach or read on the page, measured from element boxes (never `isVisible()`, which
 * calls a clipped or covered button visible):
 * - the page scrolls sideways;
 * - a control (button, link, field) inside `scope` is cut sideways by an ancestor that clips its overflow
 *   (hidden, clip, auto or scroll: a control only reachable by scrolling a box sideways counts as cut, since row
 *   actions must stay in view), cut up or down by one that hides it (a box that scrolls vertically, like a
 *   modal's body, is read by scrolling), or lies outside the viewport's width;
 * - a text inside `scope` overflows a box that hides the rest, with no tooltip holding the whole text.
 * Returns one line per problem; an empty list is a page where everything can be reached and read.
 */
export function unreachable(page: Page, scope = 'main'): Promise<string[]> {
  return page.evaluate((scopeSelector) => {
    const problems: string[] = [];
    const viewportWidth = document.documentElement.clientWidth;
    if (document.documentElement.scrollWidth > viewportWidth + 1)
      problems.push(`the page scrolls sideways (${document.documentElement.scrollWidth} px in ${viewportWidth} px)`);
    const name = (element: Element) =>
      `<${element.tagName.toLowerCase()}> "${(element.getAttribute('aria-label') ?? element.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 60)}"`;
    const rendered = (element: Element) => {
      const box = element.getBoundingClientRect();
      return box.width > 0 && box.height > 0 && getComputedStyle(element).visibility !== 'hidden';
    };
    const clips = (style: CSSStyleDeclaration, axis: 'x' | 'y') => (axis === 'x' ? style.overflowX : style.overflowY) !== 'visible';

    for (const root of document.querySelectorAll(scopeSelector)) {
      for (const control of root.querySelectorAll('button, a[href], input:not([type="hidden"]), select, textarea')) {
        // Controls hidden from people on purpose (a honeypot, a closed menu) are not meant to be reached.
        if (!rendered(control) || control.closest('[aria-hidden="true"], [inert]')) continue;
        const box = control.getBoundingClientRect();
        if (box.left < -0.5 || box.right > viewportWidth + 0.5)
          problems.push(`${name(control)} lies outside the viewport (${Math.round(box.left)}–${Math.round(box.right)} of ${viewportWidth} px)`);
        for (let ancestor = control.parentElement; ancestor && ancestor !== document.body; ancestor = ancestor.parentElement) {
          const style = getComputedStyle(ancestor);
          if (!clips(style, 'x') && !clips(style, 'y')) continue;
          const outer = ancestor.getBoundingClientRect();
          const left = outer.left + ancestor.clientLeft;
          const top = outer.top + ancestor.clientTop;
          const cutX = clips(style, 'x') && (box.left < left - 0.5 || box.right > left + ancestor.clientWidth + 0.5);
          // Up and down, a box that scrolls (a modal's body) is read by scrolling it; one that hides cuts.
          const hidesY = style.overflowY === 'hidden' || style.overflowY === 'clip';
          const cutY = hidesY && (box.top < top - 0.5 || box.bottom > top + ancestor.clientHeight + 0.5);
          if (cutX || cutY) {
            problems.push(
              `${name(control)} is cut by ${name(ancestor).slice(0, 20)}.${[...ancestor.classList].join('.').slice(0, 80)} (overflow ${style.overflowX}/${style.overflowY})`,
            );
            break;
          }
        }
      }
      for (const element of root.querySelectorAll('*')) {
        if (!rendered(element) || element.closest('svg')) continue;
        // Text for screen readers only (1 px boxes) is meant to be out of sight.
        if (element.clientWidth <= 1 && element.clientHeight <= 1) continue;
        const style = getComputedStyle(element);
        if (!clips(style, 'x') || element.scrollWidth <= element.clientWidth + 1) continue;
        // A box that scrolls shows the rest on scroll; one that hides it must say it in a tooltip.
        if (style.overflowX === 'auto' || style.overflowX === 'scroll') continue;
        if (!(element.textContent ?? '').trim()) continue;
        const tooltip = element.closest('[title]')?.getAttribute('title') ?? '';
        if (!tooltip.includes((element.textContent ?? '').trim().replace(/…$/, '')))
          problems.push(`${name(element)} is cut (${element.scrollWidth} px in ${element.clientWidth} px) with no tooltip`);
      }
    }
    return problems;
  }, scope);
}

/**
 * Whether a tap reaches the element: at its centre and just inside each corner, the topmost element there is it
 * (or something inside it), so nothing fixed or layered lies over any part of it. Returns the points that miss,
 * with what is on top there.
 */
export async function coveredPoints(locator: Locator): Promise<string[]> {
  return locator.evaluate((element) => {
    const box = element.getBoundingClientRect();
    // Inside the corners by 30% of the short side, so a round button or a rounded corner is sampled on itself.
    const inset = Math.min(box.width, box.height) * 0.3;
    const points: [string, number, number][] = [
      ['centre', box.left + box.width / 2, box.top + box.height / 2],
      ['top left', box.left + inset, box.top + inset],
      ['top right', box.right - inset, box.top + inset],
      ['bottom left', box.left + inset, box.bottom - inset],
      ['bottom right', box.right - inset, box.bottom - inset],
    ];
    const misses: string[] = [];
    for (const [label, x, y] of points) {
      if (x < 0 || y < 0 || x > window.innerWidth || y > window.innerHeight) {
        misses.push(`${label} is off screen`);
        continue;
      }
      const top = document.elementFromPoint(x, y);
      if (!top || !(top === element || element.contains(top))) {
        misses.push(`${label} is under <${top?.tagName.toLowerCase() ?? 'nothing'} ${top?.getAttribute('aria-label') ?? top?.className ?? ''}>`);
      }
    }
    return misses;
  });
}

/** The elements (by selector) that overlap another of them by more than a pixel each way, nesting aside. */
export function overlaps(page: Page, selectors: string[]): Promise<string[]> {
  return page.evaluate((list) => {
    const boxes = list
      .flatMap((selector) => [...document.querySelectorAll(selector)].map((element) => ({ selector, element, box: element.getBoundingClientRect() })))
      .filter(({ box }) => box.width > 0 && box.height > 0);
    const found: string[] = [];
    for (let i = 0; i < boxes.length; i += 1) {
      for (let j = i + 1; j < boxes.length; j += 1) {
        // A part inside another (the dot inside a badge) is meant to overlap it.
        if (boxes[i].element.contains(boxes[j].element) || boxes[j].element.contains(boxes[i].element)) continue;
        const a = boxes[i].box;
        const b = boxes[j].box;
        const width = Math.min(a.right, b.right) - Math.max(a.left, b.left);
        const height = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
        if (width > 1 && height > 1) found.push(`${boxes[i].selector} overlaps ${boxes[j].selector} (${Math.round(width)}×${Math.round(height)} px)`);
      }
    }
    return found;
  }, selectors);
}

/**
 * WCAG 2.4.11 (Focus Not Obscured): tabs through the page forward, then back, and returns each focused control
 * that something else covers once the scroll its focus started has stopped (the browser brings a control in from
 * below going forward and from above going back, where sticky and fixed bars stand). Controls matching `own`
 * stand on such bars by design and are not checked. Also returns how many distinct controls the walk focused.
 */
export async function focusHiddenOnWalk(page: Page, own: string, steps = 80): Promise<{ hidden: string[]; focused: number }> {
  const hidden: string[] = [];
  const seen = new Set<string>();
  // The walk reads where each scroll ends. With reduced motion the page scrolls there at once (the same place, by
  // the same scroll padding), rather than through an animation that a busy machine stretches past any wait.
  await page.emulateMedia({ reducedMotion: 'reduce' });
  for (const key of ['Tab', 'Shift+Tab']) {
    for (let step = 0; step < steps; step++) {
      await page.keyboard.press(key);
      await page.evaluate(async () => {
        let y = -1;
        for (let tries = 0; tries < 60 && y !== window.scrollY; tries++) {
          y = window.scrollY;
          await new Promise((settled) => setTimeout(settled, 50));
        }
      });
      // Past the last control the focus leaves the page for a moment (the browser's own controls).
      const where = await page.evaluate((ownSelector) => {
        const element = document.activeElement;
        document.querySelector('[data-focus-probe]')?.removeAttribute('data-focus-probe');
        if (!element || element === document.body) return null;
        element.setAttribute('data-focus-probe', '');
        return {
          name: `${(element.getAttribute('aria-label') ?? element.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40)} (${element.tagName})`,
          own: !!element.closest(ownSelector),
        };
      }, own);
      if (!where) continue;
      seen.add(where.name);
      if (!where.own && (await coveredPoints(page.locator('[data-focus-probe]'))).length > 0) hidden.push(`${where.name} (${key})`);
    }
  }
  return { hidden, focused: seen.size };
}

/**
 * The words (runs without spaces of at most `longest` characters) inside `scope` that are split across two
 * lines: "Maste|r", "(vo|cê)". A run longer than `longest` may be broken on purpose and is not counted.
 */
export function wordsSplitAcrossLines(page: Page, scope: string, longest: number): Promise<string[]> {
  return page.evaluate(
    ([scopeSelector, maximum]) => {
      const split: string[] = [];
      const graphemes = new Intl.Segmenter('pt-BR', { granularity: 'grapheme' });
      for (const root of document.querySelectorAll(scopeSelector)) {
        const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const text = node.textContent ?? '';
          for (const word of text.matchAll(/\S+/g)) {
            if (Array.from(graphemes.segment(word[0])).length > maximum) continue;
            const range = document.createRange();
            range.setStart(node, word.index);
            range.setEnd(node, word.index + word[0].length);
            const rects = [...range.getClientRects()].filter((rect) => rect.width > 0);
            if (new Set(rects.map((rect) => Math.round(rect.bottom))).size > 1) split.push(word[0]);
          }
        }
      }
      return split;
    },
    [scope, longest] as const,
  );
}

/** Presses Tab (never the mouse) until `target` has the focus; fails when it is not reached in `limit` presses. */
export async function tabTo(page: Page, target: Locator, limit = 150): Promise<void> {
  for (let presses = 0; presses < limit; presses++) {
    if (await target.evaluate((element) => element === document.activeElement).catch(() => false)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`${target.toString()} was not reached with Tab in ${limit} presses`);
}
