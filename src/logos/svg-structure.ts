/** How large an SVG's element tree may be before it is refused unparsed. */
export interface SvgStructureLimits {
  maxDepth: number;
  maxElements: number;
}

/**
 * Which limit an SVG's markup exceeds, 'depth' or 'elements', or null when it keeps within both: read in one
 * pass over the text, before any parser sees it (parsing and sanitizing cost grows much faster than the text).
 *
 * Tags are read as the HTML parser the sanitizer uses reads them inside an `<svg>` (comments, CDATA sections,
 * `<!…>`/`<?…>` declarations, quoted attribute values), so text it does not treat as elements is not counted.
 * An end tag closes an element only when it names the innermost open one: stray or mismatched end tags, which
 * the parser ignores, must not lower the depth. For an SVG the result is exact; markup the parser reads as
 * HTML instead (after `</svg>`, inside `<title>`, after an HTML tag such as `<div>`) follows rules this scan
 * does not model (`<div/>` stays open, for one), which is why sanitizing also runs under a time limit.
 */
export function exceededSvgLimit(text: string, limits: SvgStructureLimits): 'depth' | 'elements' | null {
  const open: string[] = [];
  let elements = 0;
  let index = 0;
  while (index < text.length) {
    const start = text.indexOf('<', index);
    if (start < 0) break;
    const next = text[start + 1];
    if (next === '!' && text.startsWith('<!--', start)) {
      index = commentEnd(text, start);
    } else if (next === '!' && text.startsWith('<![CDATA[', start)) {
      index = afterNext(text, ']]>', start + 9);
    } else if (next === '!' || next === '?') {
      index = afterNext(text, '>', start + 2);
    } else if (next === '/') {
      if (!isAsciiLetter(text[start + 2])) {
        index = afterNext(text, '>', start + 2);
        continue;
      }
      const nameEnd = tagNameEnd(text, start + 2);
      index = tagEnd(text, nameEnd).end;
      if (open.length > 0 && open[open.length - 1] === text.slice(start + 2, nameEnd).toLowerCase()) open.pop();
    } else if (isAsciiLetter(next)) {
      const nameEnd = tagNameEnd(text, start + 1);
      const tag = tagEnd(text, nameEnd);
      index = tag.end;
      elements += 1;
      if (elements > limits.maxElements) return 'elements';
      // This element's own level counts, closed in its tag (`<rect/>`) or not.
      if (open.length + 1 > limits.maxDepth) return 'depth';
      if (!tag.selfClosing) open.push(text.slice(start + 1, nameEnd).toLowerCase());
    } else {
      index = start + 1;
    }
  }
  return null;
}

function isAsciiLetter(char: string | undefined): boolean {
  return char !== undefined && ((char >= 'a' && char <= 'z') || (char >= 'A' && char <= 'Z'));
}

function isSpace(char: string | undefined): boolean {
  return char === ' ' || char === '\n' || char === '\t' || char === '\r' || char === '\f';
}

/** The index just after the first `needle` from `from`, or the end of the text when there is none. */
function afterNext(text: string, needle: string, from: number): number {
  const found = text.indexOf(needle, from);
  return found < 0 ? text.length : found + needle.length;
}

/**
 * The index just after a comment opened at `start`. As in HTML, `<!-->` and `<!--->` are whole (empty)
 * comments and `--!>` also closes one; scanned character by character so that many comments stay linear.
 */
function commentEnd(text: string, start: number): number {
  for (let index = start + 2; index < text.length; index += 1) {
    if (text.startsWith('-->', index)) return index + 3;
    if (index >= start + 4 && text.startsWith('--!>', index)) return index + 4;
  }
  return text.length;
}

/** A tag name runs up to white space, `/` or `>`. */
function tagNameEnd(text: string, from: number): number {
  let index = from;
  while (index < text.length && !isSpace(text[index]) && text[index] !== '/' && text[index] !== '>') index += 1;
  return index;
}

/**
 * Where a tag whose name ends at `from` ends, and whether it closes itself (`/>` outside any attribute value).
 * Only a quote that opens an attribute value quotes: a quote inside a name or an unquoted value does not.
 */
function tagEnd(text: string, from: number): { end: number; selfClosing: boolean } {
  let index = from;
  let afterAttributeName = false;
  while (index < text.length) {
    const char = text[index];
    if (char === '>') return { end: index + 1, selfClosing: false };
    if (isSpace(char)) {
      index += 1;
    } else if (char === '/') {
      if (text[index + 1] === '>') return { end: index + 2, selfClosing: true };
      afterAttributeName = false;
      index += 1;
    } else if (char === '=' && afterAttributeName) {
      afterAttributeName = false;
      index += 1;
      while (isSpace(text[index])) index += 1;
      const quote = text[index];
      if (quote === '"' || quote === "'") {
        index = afterNext(text, quote, index + 1);
      } else {
        while (index < text.length && !isSpace(text[index]) && text[index] !== '>') index += 1;
      }
    } else {
      // An attribute name; its first character may be anything, even `=` or a quote.
      index += 1;
      while (index < text.length && !isSpace(text[index]) && text[index] !== '/' && text[index] !== '>' && text[index] !== '=') index += 1;
      afterAttributeName = true;
    }
  }
  return { end: text.length, selfClosing: false };
}
