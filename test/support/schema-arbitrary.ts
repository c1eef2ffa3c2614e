import fc from 'fast-check';

/** A JSON Schema of the OpenAPI document (3.1: JSON Schema 2020-12), as far as the generators read it. */
export interface JsonSchema {
  $ref?: string;
  type?: string | string[];
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  pattern?: string;
  format?: string;
}

export type Components = Record<string, JsonSchema>;

export function resolveSchema(schema: JsonSchema, components: Components): JsonSchema {
  let current = schema;
  for (let hops = 0; current.$ref && hops < 10; hops += 1) current = components[current.$ref.split('/').pop()!];
  return current;
}

const typesOf = (schema: JsonSchema): string[] => (schema.type === undefined ? [] : [schema.type].flat());

/** Values the schema accepts (as far as its keywords say: the server's own rules, a CNPJ's digits say, may still refuse them). */
export function validValue(schema: JsonSchema, components: Components, depth = 0): fc.Arbitrary<unknown> {
  const own = resolveSchema(schema, components);
  if (own.enum) return fc.constantFrom(...own.enum);
  const variants = own.anyOf ?? own.oneOf;
  if (variants) return fc.oneof(...variants.map((variant) => validValue(variant, components, depth)));
  const types = typesOf(own);
  if (types.length > 1) return fc.oneof(...types.map((type) => validValue({ ...own, type }, components, depth)));
  switch (types[0]) {
    case 'null':
      return fc.constant(null);
    case 'boolean':
      return fc.boolean();
    case 'integer':
    case 'number': {
      const min = own.minimum ?? -5;
      const max = own.maximum ?? Math.max(min + 1000, 1000);
      return types[0] === 'integer' ? fc.integer({ min: Math.ceil(min), max: Math.floor(max) }) : fc.double({ min, max, noNaN: true });
    }
    case 'array':
      return depth > 3
        ? fc.constant([])
        : fc.array(validValue(own.items ?? {}, components, depth + 1), { minLength: own.minItems ?? 0, maxLength: Math.min(own.maxItems ?? 3, 3) });
    case 'object':
      return depth > 3 ? fc.constant({}) : objectOf(own, components, depth, () => fc.constant(undefined));
    case 'string': {
      const maxLength = Math.min(own.maxLength ?? 60, 60);
      const minLength = Math.min(own.minLength ?? 0, maxLength);
      if (own.format === 'email') return fc.emailAddress().filter((email) => email.length <= (own.maxLength ?? 160));
      if (own.pattern) return fc.stringMatching(new RegExp(own.pattern)).filter((text) => text.length <= (own.maxLength ?? 1000));
      return fc.string({ minLength, maxLength, unit: 'grapheme' });
    }
    default:
      return fc.anything({ maxDepth: 1 });
  }
}

/** Text no single-line field may store: control characters, bidirectional overrides, a NUL. */
const hostileText = fc.constantFrom('\u0000', 'a\u0007b', '\u202Eoãn', 'x\u2066y', 'linha\nquebrada', '\u0085', '\uFEFF', '\uD800');

/** Values a field of this schema must refuse (or, for the loose ones, take harmlessly): wrong types, extremes, tricks. */
export function hostileValue(schema: JsonSchema, components: Components): fc.Arbitrary<unknown> {
  const own = resolveSchema(schema, components);
  const types = typesOf(own);
  const wrongType = fc.constantFrom<unknown>(null, true, false, 0, -1, 1e21, Number.MAX_VALUE, [], {}, [null], { $gt: '' }, '', ' ', 'null', '1e309');
  const choices: fc.Arbitrary<unknown>[] = [wrongType, hostileText, fc.string({ maxLength: 40 }).map((text) => `${text}\u0000`)];
  if (types.includes('string') || own.enum) {
    const limit = own.maxLength ?? 255;
    choices.push(fc.integer({ min: limit + 1, max: Math.max(limit + 1, 100_000) }).map((length) => 'x'.repeat(length)));
    choices.push(fc.string({ maxLength: 30 }).map((text) => `${text}' OR 1=1 --`));
  }
  if (types.includes('integer') || types.includes('number')) {
    choices.push(
      fc.constantFrom(own.minimum === undefined ? -1e21 : own.minimum - 1, own.maximum === undefined ? 1e21 : own.maximum + 1, 1.5, -0, '12', 'NaN'),
    );
  }
  if (types.includes('array'))
    choices.push(fc.array(hostileText, { minLength: 1, maxLength: 3 }), fc.constant(Array.from({ length: 10_001 }, (_, index) => index)));
  return fc.oneof(...choices);
}

function objectOf(
  schema: JsonSchema,
  components: Components,
  depth: number,
  hostile: (field: JsonSchema) => fc.Arbitrary<unknown>,
): fc.Arbitrary<Record<string, unknown>> {
  const fields = Object.entries(schema.properties ?? {});
  if (fields.length === 0) return fc.dictionary(fc.string({ maxLength: 10 }), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 3 });
  const required = new Set(schema.required ?? []);
  const entries = fields.map(([name, field]) => {
    const options: { arbitrary: fc.Arbitrary<unknown>; weight: number }[] = [
      { arbitrary: validValue(field, components, depth + 1), weight: 4 },
      { arbitrary: hostile(field).map((value) => value), weight: 2 },
    ];
    // An optional field is often left out; a required one sometimes is (the server must say so).
    options.push({ arbitrary: fc.constant(OMIT), weight: required.has(name) ? 1 : 3 });
    return fc.oneof(...options).map((value) => [name, value] as const);
  });
  return fc.tuple(...entries).map((pairs) => Object.fromEntries(pairs.filter(([, value]) => value !== OMIT && value !== undefined)));
}

const OMIT = Symbol('omit');

/**
 * Request bodies for a write operation, generated from its request schema: mostly well-formed, with one or more
 * fields hostile (wrong type, too long, control characters, out of range), required fields left out, unknown
 * fields added, or the whole body something else than an object.
 */
export function hostileBody(schema: JsonSchema, components: Components): fc.Arbitrary<unknown> {
  const own = resolveSchema(schema, components);
  const object = objectOf(own, components, 0, (field) => hostileValue(field, components));
  return fc.oneof(
    { arbitrary: object, weight: 6 },
    {
      arbitrary: fc
        .tuple(
          object,
          fc.dictionary(fc.constantFrom('__proto__', 'constructor', 'id', 'admin', 'role', 'x'.repeat(300)), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 2 }),
        )
        .map(([body, extra]) => ({ ...body, ...extra })),
      weight: 2,
    },
    { arbitrary: fc.constantFrom<unknown>(null, [], 'texto', 0, true, [{}]), weight: 1 },
  );
}
