import 'reflect-metadata';

/**
 * The one rule for text sent to the API, applied by the validation pipe to every string of a body or a query
 * before the DTO's own rules: Unicode NFC (an "á" typed as a + accent is stored as the one character), and no
 * control characters (C0 and C1: NUL, BEL, ESC…), which no form can type and which break exports and terminals.
 * Tab and line breaks are allowed in the fields marked @MultiLine (a contact's message). Bidirectional overrides
 * and isolates (U+202A–U+202E, U+2066–U+2069), which make a name display in another order than it is stored
 * (the "Trojan Source" trick), are refused in every single-line field. Secrets (passwords, codes, tokens) are
 * compared as typed and left alone.
 */
const MULTI_LINE_KEY = 'cleanText:multiLine';

/** The field takes several lines (tab and line breaks allowed). */
export const MultiLine = (): PropertyDecorator => (target, property) => {
  const fields = (Reflect.getMetadata(MULTI_LINE_KEY, target.constructor) as Set<string | symbol> | undefined) ?? new Set();
  Reflect.defineMetadata(MULTI_LINE_KEY, new Set([...fields, property]), target.constructor);
};

/** Compared as typed: never normalized, never refused here (their own rules apply). */
const SECRETS = new Set(['password', 'password_confirmation', 'senha', 'senha_atual', 'otp', 'token']);

// eslint-disable-next-line no-control-regex
const CONTROLS = /[\u0000-\u001f\u007f-\u009f]/;
// eslint-disable-next-line no-control-regex
const CONTROLS_BUT_LINES = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;
const BIDI = /[\u202a-\u202e\u2066-\u2069]/;

export const CONTROL_MESSAGE = 'O texto contém caracteres de controle (invisíveis), que não são permitidos. Digite-o novamente.';
export const BIDI_MESSAGE = 'O texto contém caracteres que invertem a direção da escrita, que não são permitidos neste campo.';

/** What is wrong with one value of a field, or null; `multiLine` allows tab, line breaks and direction marks. */
export function textProblem(value: string, multiLine: boolean): string | null {
  if ((multiLine ? CONTROLS_BUT_LINES : CONTROLS).test(value)) return CONTROL_MESSAGE;
  if (!multiLine && BIDI.test(value)) return BIDI_MESSAGE;
  return null;
}

/** What no export carries: control characters (tab and line breaks aside), direction overrides, non-characters, lone surrogates. */
const NOT_EXPORTED =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** Text as both exports (CSV and XLSX) write it, the same in each: what a row stored before the rule may hold, dropped. */
export function exportableText(value: string): string {
  return value.replace(NOT_EXPORTED, '');
}

/**
 * An uploaded file's name as it is stored and shown: the name a browser or a client sent, in NFC, with what the
 * text rule refuses elsewhere (control characters, direction overrides, lone surrogates) dropped and any path
 * before it left out, cut to `max` characters without splitting one. A multipart file name is not a field the
 * validation pipe sees, so the rule is applied here.
 */
export function cleanFileName(name: string, max: number): string {
  const base =
    name
      .slice(-4 * max)
      .split(/[\\/]/)
      .pop() ?? '';
  const clean = exportableText(base.normalize('NFC'))
    .replace(/[\t\r\n]/g, ' ')
    .trim();
  return Array.from(clean).slice(0, max).join('').trim();
}

/**
 * Values that come from a spreadsheet cell or a stored version rather than a form (an import, a restore): a line
 * break or a tab typed inside a single-line cell (Alt+Enter in Excel) becomes one space, as the cell shows it,
 * before the text rule applies.
 */
export function flattenSingleLine(value: Record<string, unknown>, type: unknown): Record<string, unknown> {
  const multiLine = (typeof type === 'function' ? (Reflect.getMetadata(MULTI_LINE_KEY, type) as Set<string> | undefined) : undefined) ?? new Set<string>();
  return Object.fromEntries(
    Object.entries(value).map(([name, entry]) => [
      name,
      typeof entry === 'string' && !multiLine.has(name) && !SECRETS.has(name) ? entry.replace(/[\t\r\n]+/g, ' ') : entry,
    ]),
  );
}

/**
 * A body's or a query's strings in NFC, with the problems found per field (`{field: message}`); nested objects and
 * arrays are walked (fields named with dots, as the validation errors are). `type` is the DTO class.
 */
export function cleanTextInput(value: unknown, type: unknown): { value: unknown; problems: Record<string, string> } {
  const multiLine = (typeof type === 'function' ? (Reflect.getMetadata(MULTI_LINE_KEY, type) as Set<string> | undefined) : undefined) ?? new Set<string>();
  const problems: Record<string, string> = {};
  const walk = (item: unknown, field: string, depth: number): unknown => {
    if (typeof item === 'string') {
      const key = field.split('.').pop() ?? field;
      if (SECRETS.has(key)) return item;
      const problem = textProblem(item, multiLine.has(key));
      if (problem && !(field in problems)) problems[field] = problem;
      return item.normalize('NFC');
    }
    if (depth > 8 || item === null || typeof item !== 'object') return item;
    if (Array.isArray(item)) return item.map((entry, index) => walk(entry, `${field}.${index}`, depth + 1));
    return Object.fromEntries(Object.entries(item).map(([name, entry]) => [name, walk(entry, field ? `${field}.${name}` : name, depth + 1)]));
  };
  return { value: walk(value, '', 0), problems };
}
