// fast-check generators of hostile request values for the API fuzz test: ids past the
// column ranges, NUL and other control characters, very long text, wrong types, arrays,
// objects and prototype keys, mixed with values shaped by the route's own JSON schema so
// that some requests get past validation and reach the services and the database.
import fc from 'fast-check';

export interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
}

/** A JSON object whose own key is "__proto__" (an object literal would set the prototype). */
const protoPollution = JSON.parse(
  '{"__proto__":{"isAdmin":true},"constructor":{"prototype":{"x":1}}}',
);

const outOfRangeNumbers = fc.constantFrom(
  2_147_483_648,
  -2_147_483_649,
  9_007_199_254_740_992,
  1e21,
  1e308,
  -1,
  0,
  1.5,
  -0.5,
);

/** Ordinary text with one C0 control character (NUL included) or DEL somewhere in it. */
const controlText = fc
  .tuple(fc.string({ maxLength: 6 }), fc.integer({ min: 0, max: 32 }), fc.string({ maxLength: 6 }))
  .map(([head, code, tail]) => `${head}${String.fromCharCode(code === 32 ? 0x7f : code)}${tail}`);

const hostileStrings = fc.oneof(
  controlText,
  fc.string({ minLength: 2, maxLength: 8 }).map((text) => `${text}\u0000`),
  fc.constantFrom(
    '\u0000',
    'a\u0000b',
    '\u0007\u001b[31mred',
    '\u007f',
    '\ud800',
    '__proto__',
    'constructor',
    "'; DROP TABLE users; --",
    '../../etc/passwd',
    'NaN',
    'Infinity',
    '-1',
    '2147483648',
    '99999999999999999999',
    '1e309',
    ' ',
    '',
  ),
  fc.string({ unit: 'binary', maxLength: 24 }),
  fc.integer({ min: 2_000, max: 40_000 }).map((n) => 'x'.repeat(n)),
);

const wrongTypes = fc.constantFrom<unknown>(
  null,
  true,
  false,
  [],
  {},
  [1, 2],
  { a: 1 },
  [['nested']],
  protoPollution,
);

export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { arbitrary: outOfRangeNumbers, weight: 3 },
  { arbitrary: hostileStrings, weight: 4 },
  { arbitrary: wrongTypes, weight: 2 },
  { arbitrary: fc.integer(), weight: 1 },
  { arbitrary: fc.double(), weight: 1 },
);

/** A path segment that should be an id: mostly out of range, malformed or hostile text. */
export const hostileId: fc.Arbitrary<unknown> = fc.oneof(
  { arbitrary: outOfRangeNumbers, weight: 4 },
  { arbitrary: fc.constantFrom('2147483648', '1e21', '0x10', '1.0', '+5', ' 7', '%00'), weight: 2 },
  { arbitrary: controlText, weight: 1 },
  { arbitrary: fc.integer({ min: 1, max: 6 }), weight: 2 },
);

function types(schema: JsonSchema): string[] {
  if (Array.isArray(schema.type)) return schema.type;
  return schema.type ? [schema.type] : [];
}

/** A value the schema would accept (roughly), so the request goes past validation. */
function plausible(schema: JsonSchema, depth: number): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum?.length) return fc.constantFrom(...schema.enum);
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants?.length) return fc.oneof(...variants.map((v) => plausible(v, depth)));
  const [type] = types(schema).filter((t) => t !== 'null');
  switch (type) {
    case 'integer':
    case 'number': {
      const min = schema.minimum ?? (schema.exclusiveMinimum ?? 0) + 1;
      const max = Math.min(schema.maximum ?? min + 5, min + 5);
      return fc.integer({ min: Math.ceil(min), max: Math.max(Math.ceil(min), Math.floor(max)) });
    }
    case 'boolean':
      return fc.boolean();
    case 'array':
      return depth > 2
        ? fc.constant([])
        : fc.array(plausible(schema.items ?? {}, depth + 1), { maxLength: 3 });
    case 'object':
      return depth > 2 ? fc.constant({}) : objectOf(schema, depth + 1);
    default:
      return fc.constantFrom('abc', 'member1', '+12025550123', 'video/webm', 'approved', '1');
  }
}

/** Mostly hostile, sometimes plausible: each field of a request. */
export function valueFor(schema: JsonSchema, depth = 0): fc.Arbitrary<unknown> {
  return fc.oneof(
    { arbitrary: hostileValue, weight: 3 },
    { arbitrary: plausible(schema, depth), weight: 2 },
  );
}

function objectOf(schema: JsonSchema, depth: number): fc.Arbitrary<Record<string, unknown>> {
  const shape: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [key, property] of Object.entries(schema.properties ?? {})) {
    shape[key] = valueFor(property, depth);
  }
  return fc.record(shape, { requiredKeys: [] });
}

/** A JSON body for the schema: its fields with hostile values, or something else entirely. */
export function bodyFor(schema: JsonSchema | undefined): fc.Arbitrary<unknown> {
  if (!schema) return fc.oneof(fc.constant(undefined), hostileValue);
  return fc.oneof(
    { arbitrary: objectOf(schema, 0), weight: 6 },
    { arbitrary: objectOf(schema, 0).map((body) => ({ ...protoPollution, ...body })), weight: 1 },
    { arbitrary: hostileValue, weight: 1 },
  );
}

/** How a hostile value travels in a path segment or a query string. */
export function asText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === undefined) return '';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}
