/**
 * A small, seeded request generator for the fuzz test: it walks our own OpenAPI document and produces, for every
 * operation, valid-looking requests derived from the JSON schemas and broken ones (wrong types, missing and extra
 * fields, hostile strings and numbers, impossible dates and time zones, malformed JSON, wrong content types,
 * damaged files, odd query strings, path parameters and headers). Everything random comes from one seed, so a
 * run can be replayed exactly with FUZZ_SEED.
 */

// ---------------------------------------------------------------------------------------------------------------
// Seeded randomness

export type Rng = {
  next(): number;
  int(min: number, max: number): number;
  chance(p: number): boolean;
  pick<T>(items: readonly T[]): T;
  bytes(n: number): Buffer;
  hex(n: number): string;
};

/** sfc32 seeded through splitmix32: fast, good enough, and identical on every platform. */
export function createRng(seed: number): Rng {
  let s = seed >>> 0;
  const splitmix = () => {
    s = (s + 0x9e3779b9) | 0;
    let z = s;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
    return (z ^ (z >>> 16)) >>> 0;
  };
  let a = splitmix();
  let b = splitmix();
  let c = splitmix();
  let d = splitmix();
  const next = () => {
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return (t >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  return {
    next,
    int,
    chance: (p) => next() < p,
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!,
    bytes: (n) => {
      const out = Buffer.alloc(n);
      for (let i = 0; i < n; i++) out[i] = Math.floor(next() * 256);
      return out;
    },
    hex: (n) => {
      let out = '';
      for (let i = 0; i < n; i++) out += Math.floor(next() * 16).toString(16);
      return out;
    },
  };
}

// ---------------------------------------------------------------------------------------------------------------
// The OpenAPI document, as much of it as the generator reads

export type JsonSchema = {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  default?: unknown;
};

export type Parameter = {
  name: string;
  in: 'query' | 'path' | 'header' | 'cookie';
  required?: boolean;
  schema?: JsonSchema;
};

export type Operation = {
  method: string;
  path: string;
  parameters: Parameter[];
  /** The JSON body schema, when the operation takes one. */
  body?: JsonSchema;
  /** Whether the body is required. */
  bodyRequired: boolean;
};

export type OpenApiDocument = {
  paths: Record<string, Record<string, { parameters?: Parameter[]; requestBody?: RequestBody }>>;
  components?: { schemas?: Record<string, JsonSchema> };
};
type RequestBody = { required?: boolean; content?: Record<string, { schema?: JsonSchema }> };

const METHODS = new Set(['get', 'post', 'put', 'patch', 'delete']);

export function operationsOf(document: OpenApiDocument): Operation[] {
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    for (const [method, op] of Object.entries(item)) {
      if (!METHODS.has(method)) continue;
      const json = op.requestBody?.content?.['application/json']?.schema;
      operations.push({
        method: method.toUpperCase(),
        path,
        parameters: op.parameters ?? [],
        body: json,
        bodyRequired: Boolean(op.requestBody?.required),
      });
    }
  }
  return operations;
}

// ---------------------------------------------------------------------------------------------------------------
// Hostile values

const ZALGO = 'Z̤͔ͧ̑̓ä͖̭̈̇lͮ̒ͫǧ̗͚̚o̙̔ͮ̇͐̇';

export const NASTY_STRINGS: readonly string[] = [
  '',
  ' ',
  '   \t\n  ',
  '\u0000',
  'a\u0000b',
  '\u0001\u0002\u0003\u0007\u0008\u001b[31m',
  '\ud800',
  '\udfff\ud800',
  'x\ud83d',
  '\u202eevil',
  '\ufeff',
  '\u200b\u200c\u200d',
  '\u00a0',
  '\u2028\u2029',
  '🦄'.repeat(40),
  '👨‍👩‍👧‍👦',
  ZALGO,
  'ﷺ',
  '𝕳𝖊𝖑𝖑𝖔',
  'İ',
  'ß',
  'Ⅻ',
  '\r\n\r\nHTTP/1.1 200 OK\r\n',
  '\r\nSet-Cookie: x=1',
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  "' OR 1=1 --",
  "'; DROP TABLE users; --",
  '\\',
  '"',
  "'",
  '`',
  '%',
  '%00',
  '%zz',
  '%E0%A4%A',
  '../../etc/passwd',
  '..\\..\\windows\\win.ini',
  '/dev/zero',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template-injection probe, sent as plain text.
  '${7*7}',
  '{{7*7}}',
  '#{7*7}',
  'null',
  'undefined',
  'NaN',
  'Infinity',
  '-Infinity',
  'true',
  'false',
  '[]',
  '{}',
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  '0',
  '-0',
  '-1',
  '1e309',
  '0x10',
  '1_000',
  '9'.repeat(40),
  'x'.repeat(257),
  'A'.repeat(1025),
  'a@b',
  '@',
  'user@localhost',
  'user@example.com\r\nBcc: victim@example.com',
  'USER@EXAMPLE.COM',
  '"quoted"@example.com',
  `${'a'.repeat(65)}@example.com`,
  `${'a'.repeat(250)}@example.com`,
  'user+tag@xn--80ak6aa92e.com',
  'data:image/png;base64,',
  'data:image/png;base64,AAAA',
  'data:image/png;base64,iVBORw0KGgo=',
  'data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=',
  'data:text/html,<script>alert(1)</script>',
  'javascript:alert(1)',
  'http://127.0.0.1:22/',
  'file:///etc/passwd',
  '//evil.example/',
];

export const NASTY_NUMBERS: readonly number[] = [
  0,
  -0,
  -1,
  1,
  1.5,
  -1.5,
  0.1,
  2 ** 31 - 1,
  2 ** 31,
  -(2 ** 31) - 1,
  2 ** 53,
  2 ** 53 + 2,
  -(2 ** 53) - 2,
  2 ** 63,
  2 ** 64,
  1e21,
  1e308,
  -1e308,
  5e-324,
  1e-7,
  Number.MAX_VALUE,
];

/** Dates and instants a calendar, JavaScript's Date and PostgreSQL disagree on. */
export const NASTY_DATES: readonly string[] = [
  '0000-01-01',
  '0000-00-00',
  '0000-12-31',
  '0001-01-01',
  '0099-12-31',
  '1000-01-01',
  '1899-12-31',
  '1900-01-01',
  '1969-12-31',
  '1970-01-01',
  '2024-02-29',
  '2023-02-29',
  '2024-02-30',
  '2024-04-31',
  '2024-13-01',
  '2024-00-10',
  '2024-01-00',
  '2024-1-1',
  '20240101',
  '9999-12-31',
  '10000-01-01',
  '99999-12-31',
  '+099999-12-31',
  '-000001-01-01',
  '-0001-01-01',
  '+275760-09-13',
  '2024-01-01T00:00:00Z',
  ' 2024-01-01',
  '2024-01-01 ',
  '2024-01-01\u0000',
  '２０２４-０１-０１',
  '0000-01-01T00:00:00Z',
  '0000-01-01T00:00:00.000Z',
  '0000-01-01T00:00:00+00:00',
  '0001-01-01T00:00:00Z',
  '0001-01-01T00:00:00+14:00',
  '1899-12-31T23:59:59Z',
  '9999-12-31T23:59:59.999Z',
  '9999-12-31T23:59:59.999-23:59',
  '99999-01-01T00:00:00Z',
  '-271821-04-20T00:00:00Z',
  '+275760-09-13T00:00:00.000Z',
  '+275760-09-13T00:00:00.001Z',
  '2024-01-01T24:00:00Z',
  '2024-01-01T23:59:60Z',
  '2024-01-01T00:00:00+24:00',
  '2024-01-01T00:00:00+23:59',
  '2024-01-01T00:00:00-23:59',
  '2024-01-01T00:00:00+99:99',
  '2024-01-01T00:00:00',
  '2024-01-01T00:00:00.123456789123456789Z',
  '2024-01-01T00:00Z',
  '2024-01-01t00:00:00z',
  '2024-W01-1',
  '2024-001',
  'yesterday',
  'now',
  '0000-01',
  '0000-12',
  '0001-01',
  '1899-12',
  '9999-12',
  '99999-01',
  '2024-13',
  '2024-00',
  '2024-1',
  '-2024-01',
];

export const NASTY_TIME_ZONES: readonly string[] = [
  'Mars/Phobos',
  'UTC+25',
  'UTC+14',
  'Etc/GMT+99',
  'Etc/GMT+12',
  'Etc/GMT-14',
  'GMT+14:00',
  '+99:99',
  '+14:00',
  '-00:00',
  'America/New_York\u0000',
  ' Europe/London',
  'utc',
  'UTC',
  'Z',
  'local',
  'Factory',
  'EST5EDT',
  'Europe/../../etc/passwd',
  'Antarctica/Troll',
  'Pacific/Kiritimati',
  'Pacific/Chatham',
  'Asia/Calcutta',
  'US/Pacific-New',
  'America/Argentina/ComodRivadavia',
  'SystemV/AST4',
  'Europe/Kyiv',
  'a'.repeat(64),
  'a'.repeat(65),
];

/** Values of a type other than the one the schema asks for. */
const wrongTypeValues = (rng: Rng): unknown[] => [
  null,
  true,
  false,
  rng.pick(NASTY_NUMBERS),
  rng.pick(NASTY_STRINGS),
  [],
  [rng.pick(NASTY_STRINGS)],
  {},
  { $gt: '' },
  JSON.parse('{"__proto__":{"polluted":true}}'),
  [[[[[[[[[[]]]]]]]]]],
];

// ---------------------------------------------------------------------------------------------------------------
// Valid-looking values from a JSON schema

/** Values the test knows to be meaningful for a field name (real ids, an existing e-mail, a working password). */
export type Hints = Record<string, readonly unknown[]>;

const TIME_ZONES = [
  'UTC',
  'Europe/London',
  'America/New_York',
  'Asia/Kolkata',
  'Pacific/Chatham',
  'Asia/Tokyo',
];

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

function randomDate(rng: Rng): string {
  return `${rng.int(1970, 2035)}-${pad(rng.int(1, 12))}-${pad(rng.int(1, 28))}`;
}
function randomDateTime(rng: Rng): string {
  const zone = rng.pick(['Z', '+00:00', '+05:30', '-08:00', '+14:00']);
  return `${randomDate(rng)}T${pad(rng.int(0, 23))}:${pad(rng.int(0, 59))}:${pad(rng.int(0, 59))}${rng.chance(0.5) ? `.${pad(rng.int(0, 999), 3)}` : ''}${zone}`;
}
export function randomUuid(rng: Rng): string {
  const h = rng.hex(32).split('');
  h[12] = '4';
  h[16] = rng.pick(['8', '9', 'a', 'b']);
  const s = h.join('');
  return `${s.slice(0, 8)}-${s.slice(8, 12)}-${s.slice(12, 16)}-${s.slice(16, 20)}-${s.slice(20)}`;
}
function randomBase64(rng: Rng, bytes: number): string {
  return rng.bytes(bytes).toString('base64');
}
function randomWords(rng: Rng, min = 1, max = 8): string {
  const words = [
    'quiet',
    'river',
    'morning',
    'tea',
    'garden',
    'Ada',
    'walked',
    'home',
    'café',
    'naïve',
    '日記',
  ];
  const n = rng.int(min, max);
  return Array.from({ length: n }, () => rng.pick(words)).join(' ');
}

/** Candidate strings tried against a schema's patterns, most specific first. */
function stringCandidates(rng: Rng, schema: JsonSchema, name: string, extras: Extras): string[] {
  const candidates: string[] = [];
  switch (schema.format) {
    case 'date':
      candidates.push(randomDate(rng));
      break;
    case 'date-time':
      candidates.push(randomDateTime(rng));
      break;
    case 'email':
      candidates.push(`fuzz-${rng.hex(6)}@example.com`);
      break;
    case 'uuid':
      candidates.push(randomUuid(rng));
      break;
    case 'uri':
      candidates.push(`https://example.com/${rng.hex(6)}`);
      break;
  }
  const lower = name.toLowerCase();
  if (lower.includes('timezone')) candidates.push(rng.pick(TIME_ZONES));
  if (lower.includes('password')) candidates.push(`Fuzz-${rng.hex(6)}-${rng.int(10, 99)}`);
  if (lower === 'month') candidates.push(`${rng.int(1970, 2035)}-${pad(rng.int(1, 12))}`);
  if (lower.includes('iv')) candidates.push(randomBase64(rng, 12));
  if (lower.includes('encrypted')) candidates.push(randomBase64(rng, rng.int(17, 200)));
  if (lower.includes('image') || lower.includes('frame')) candidates.push(extras.imageDataUrl);
  if (lower.includes('email')) candidates.push(`fuzz-${rng.hex(6)}@example.com`);
  candidates.push(
    randomDate(rng),
    `${rng.int(1970, 2035)}-${pad(rng.int(1, 12))}`,
    randomDateTime(rng),
    randomUuid(rng),
    randomBase64(rng, rng.int(3, 48)),
    extras.imageDataUrl,
    `fuzz-${rng.hex(6)}@example.com`,
    randomWords(rng),
  );
  return candidates;
}

type Extras = { imageDataUrl: string };

function resolve(document: OpenApiDocument, schema: JsonSchema): JsonSchema {
  let current = schema;
  for (let depth = 0; current.$ref && depth < 20; depth++) {
    const name = current.$ref.split('/').pop()!;
    current = document.components?.schemas?.[name] ?? {};
  }
  return current;
}

export class SchemaSampler {
  constructor(
    private readonly document: OpenApiDocument,
    private readonly rng: Rng,
    private readonly hints: Hints,
    private readonly extras: Extras,
  ) {}

  resolve(schema: JsonSchema): JsonSchema {
    return resolve(this.document, schema);
  }

  /** A value that should pass the schema (and, with hints, sometimes the service's rules too). */
  valid(input: JsonSchema, name = ''): unknown {
    const { rng } = this;
    const hinted = this.hints[name]?.filter((value) => value !== undefined && value !== null);
    if (hinted && hinted.length > 0 && rng.chance(0.6)) return rng.pick(hinted);
    const schema = this.resolve(input);
    if (schema.const !== undefined) return schema.const;
    if (schema.enum) return rng.pick(schema.enum);
    if (schema.anyOf) return this.valid(rng.pick(schema.anyOf), name);
    if (schema.oneOf) return this.valid(rng.pick(schema.oneOf), name);
    if (schema.allOf)
      return this.valid(
        this.merge(
          schema.allOf.map((s) => this.resolve(s)),
          schema,
        ),
        name,
      );
    const type = Array.isArray(schema.type) ? rng.pick(schema.type) : schema.type;
    switch (type) {
      case 'object':
        return this.validObject(schema);
      case 'array': {
        const min = schema.minItems ?? 0;
        const max = Math.min(schema.maxItems ?? min + 3, min + 3);
        return Array.from({ length: rng.int(min, max) }, () => this.valid(schema.items ?? {}, name));
      }
      case 'integer':
      case 'number': {
        const min = schema.minimum ?? (schema.exclusiveMinimum ?? -1) + 1;
        const max = Math.min(schema.maximum ?? min + 100, min + 100);
        return type === 'integer' ? rng.int(min, max) : min + rng.next() * (max - min);
      }
      case 'boolean':
        return rng.chance(0.5);
      case 'null':
        return null;
      case 'string':
        return this.validString(schema, name);
      default:
        return this.validString(schema, name);
    }
  }

  private merge(schemas: JsonSchema[], base: JsonSchema): JsonSchema & { patterns?: string[] } {
    const merged: JsonSchema & { patterns?: string[] } = { ...base, allOf: undefined, patterns: [] };
    for (const s of schemas) {
      Object.assign(merged, { ...s, pattern: undefined });
      if (s.pattern) merged.patterns!.push(s.pattern);
    }
    if (base.pattern) merged.patterns!.push(base.pattern);
    return merged;
  }

  private validObject(schema: JsonSchema): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    const required = new Set(schema.required ?? []);
    for (const [key, property] of Object.entries(schema.properties ?? {})) {
      if (required.has(key) || this.rng.chance(0.6)) out[key] = this.valid(property, key);
    }
    // Confirmation fields match what they confirm, as a real form sends them.
    if ('confirmPassword' in out && this.rng.chance(0.85)) {
      out.confirmPassword = out.password ?? out.newPassword;
    }
    return out;
  }

  private validString(schema: JsonSchema & { patterns?: string[] }, name: string): string {
    const patterns = [...(schema.patterns ?? []), ...(schema.pattern ? [schema.pattern] : [])].map(
      (p) => new RegExp(p, 'u'),
    );
    const min = schema.minLength ?? 0;
    const max = schema.maxLength ?? 200;
    const fits = (s: string) => s.length >= min && s.length <= max && patterns.every((p) => p.test(s));
    for (const candidate of stringCandidates(this.rng, schema, name, this.extras)) {
      if (fits(candidate)) return candidate;
      // A fixed-length field (an IV) or a bounded one: trim or pad a near miss.
      const sized = candidate.length > max ? candidate.slice(0, max) : candidate.padEnd(min, 'A');
      if (fits(sized)) return sized;
    }
    let text = randomWords(this.rng);
    if (text.length > max) text = text.slice(0, max);
    return text.padEnd(min, 'x');
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Broken values and bodies

const INJECTED_CHARACTERS = [
  '\u0000',
  '\u0001',
  '\u0007',
  '\u001b',
  '\u007f',
  '\u0085',
  '\ud800',
  '\udfff',
  '\u202e',
  '\ufeff',
  '\u200b',
  '\u2028',
  '\n',
  '\r',
  '\t',
  '\u0301',
  '🦄',
  '%00',
  "'",
  '"',
  '\\',
];

function withInjectedCharacter(rng: Rng, text: string): string {
  const at = rng.int(0, text.length);
  // NUL is the one character PostgreSQL text refuses outright: it gets a larger share.
  const character = rng.chance(0.3) ? '\u0000' : rng.pick(INJECTED_CHARACTERS);
  return text.slice(0, at) + character + text.slice(at);
}

const EXTREME_YEARS = ['0000', '0001', '0099', '1000', '1899', '1900', '1969', '1970', '2038', '9999'];
const EXTREME_OFFSETS = ['Z', '+00:00', '+14:00', '-14:00', '+23:59', '-23:59'];

/** Well-formed dates in the field's own format, at years and offsets that other layers may not take. */
function extremeDate(rng: Rng, schema: JsonSchema, name: string): string {
  const year = rng.pick(EXTREME_YEARS);
  const month = rng.pick(['01', '02', '12']);
  const day = month === '02' ? rng.pick(['28', '29']) : rng.pick(['01', '31']);
  if (name === 'month') return `${year}-${month}`;
  if (schema.format === 'date-time' || name === 'from' || name === 'to')
    return `${year}-${month}-${day}T${rng.pick(['00:00:00', '23:59:59.999'])}${rng.pick(EXTREME_OFFSETS)}`;
  return `${year}-${month}-${day}`;
}

/** A hostile value for a field, chosen by what the field looks like. */
export function brokenValue(rng: Rng, schema: JsonSchema, name: string, valid?: unknown): unknown {
  // A valid value with one odd character in it passes length and format checks and reaches storage.
  if (typeof valid === 'string' && rng.chance(0.4)) return withInjectedCharacter(rng, valid);
  const lower = name.toLowerCase();
  const roll = rng.next();
  const looksLikeDate =
    schema.format === 'date' || schema.format === 'date-time' || /date|month|from|^to$|at$/.test(lower);
  if (looksLikeDate && roll < 0.4) return extremeDate(rng, schema, lower);
  if (looksLikeDate && roll < 0.7) return rng.pick(NASTY_DATES);
  if (lower.includes('timezone') && roll < 0.6) return rng.pick(NASTY_TIME_ZONES);
  if (roll < 0.3) return rng.pick(wrongTypeValues(rng));
  if (roll < 0.55) return rng.pick(NASTY_STRINGS);
  if (roll < 0.7) return rng.pick(NASTY_NUMBERS);
  if (roll < 0.78) return rng.pick(NASTY_DATES);
  if (roll < 0.83) return rng.pick(NASTY_TIME_ZONES);
  if (roll < 0.9) return hugeString(rng);
  return rng.pick(NASTY_STRINGS) + rng.pick(NASTY_STRINGS);
}

const HUGE = {
  k10: 'x'.repeat(10_000),
  k70: 'A'.repeat(70_000),
  m1: 'B'.repeat(1_100_000),
  unicode: '😀'.repeat(20_000),
};
export function hugeString(rng: Rng): string {
  return rng.pick([HUGE.k10, HUGE.k10, HUGE.k70, HUGE.unicode, HUGE.m1]);
}

/** Mutates a valid body in one to three hostile ways; returns the body and a short description. */
export function mutateBody(
  rng: Rng,
  sampler: SchemaSampler,
  schema: JsonSchema,
  body: unknown,
): { body: unknown; how: string } {
  const resolved = sampler.resolve(schema);
  const properties = resolved.properties ?? {};
  const keys = Object.keys(properties);
  if (!body || typeof body !== 'object' || Array.isArray(body) || keys.length === 0) {
    return { body: brokenValue(rng, {}, ''), how: 'replaced the body' };
  }
  const out: Record<string, unknown> = { ...(body as Record<string, unknown>) };
  const steps: string[] = [];
  const count = rng.pick([1, 1, 1, 1, 1, 1, 1, 2, 2, 3]);
  for (let i = 0; i < count; i++) {
    const roll = rng.next();
    const key = rng.pick(keys);
    if (roll < 0.55) {
      out[key] = brokenValue(rng, sampler.resolve(properties[key]!), key, out[key]);
      steps.push(`broke ${key}`);
    } else if (roll < 0.7) {
      delete out[key];
      steps.push(`removed ${key}`);
    } else if (roll < 0.8) {
      const extra = rng.pick([
        '__proto__',
        'constructor',
        'isAdmin',
        'role',
        'userId',
        'id',
        'x'.repeat(300),
      ]);
      if (extra === '__proto__')
        Object.defineProperty(out, '__proto__', {
          value: { role: 'admin' },
          enumerable: true,
          configurable: true,
          writable: true,
        });
      else out[extra] = rng.pick(wrongTypeValues(rng));
      steps.push(`added ${extra.slice(0, 20)}`);
    } else if (roll < 0.9) {
      out[key] = hugeString(rng);
      steps.push(`huge ${key}`);
    } else {
      // A nested array or object where a scalar belongs, or the reverse.
      const value = out[key];
      out[key] = Array.isArray(value) ? value[0] : [value, value];
      steps.push(`reshaped ${key}`);
    }
  }
  return { body: out, how: steps.join(', ') };
}

/** Request bodies that are not (quite) JSON, sent as application/json. */
export function malformedJson(rng: Rng): { text: string; how: string } {
  const deep = (n: number) => '['.repeat(n) + ']'.repeat(n);
  const deepObject = (n: number) => `${'{"a":'.repeat(n)}1${'}'.repeat(n)}`;
  const options: [string, string][] = [
    ['', 'empty'],
    [' ', 'blank'],
    ['{', 'unterminated'],
    ['{"a":', 'cut short'],
    ['{"a":1,}', 'trailing comma'],
    ["{'a':1}", 'single quotes'],
    ['{a:1}', 'bare key'],
    ['null', 'null'],
    ['[]', 'array'],
    ['"text"', 'string'],
    ['1', 'number'],
    ['true', 'boolean'],
    ['NaN', 'NaN'],
    ['{"a":NaN}', 'NaN value'],
    ['{"a":Infinity}', 'Infinity value'],
    ['{"a":1e999}', 'overflowing number'],
    ['{"a":-1e999}', 'overflowing negative number'],
    ['{"a":123456789012345678901234567890}', 'long integer'],
    ['{"a":"\\ud800"}', 'lone surrogate escape'],
    ['{"a":"\\u0000"}', 'NUL escape'],
    ['{"a":"\\x41"}', 'invalid escape'],
    ['\ufeff{}', 'byte order mark'],
    ['{}garbage', 'trailing garbage'],
    ['{} {}', 'two documents'],
    ['{"__proto__":{"isAdmin":true}}', 'prototype pollution'],
    ['{"constructor":{"prototype":{"isAdmin":true}}}', 'constructor pollution'],
    ['{"a":1,"a":2}', 'duplicate keys'],
    [deep(5000), 'deeply nested arrays'],
    [deepObject(3000), 'deeply nested objects'],
    ['\u0000\u0001\u0002', 'control bytes'],
    ['<xml/>', 'XML'],
    ['a=1&b=2', 'form encoding'],
  ];
  const [text, how] = rng.pick(options);
  return { text, how: `malformed JSON (${how})` };
}

export const ODD_CONTENT_TYPES: readonly string[] = [
  'text/plain',
  'text/html',
  'application/x-www-form-urlencoded',
  'application/xml',
  'application/json; charset=utf-16',
  'application/json; charset=latin1',
  'application/json; charset="bogus"',
  'application/json;;;',
  'application/json, text/plain',
  'APPLICATION/JSON',
  'application/jsonx',
  'application/vnd.api+json',
  'application/merge-patch+json',
  'application/octet-stream',
  'multipart/form-data',
  'multipart/form-data; boundary=',
  'multipart/form-data; boundary=x',
  'multipart/mixed; boundary=x',
  'image/png',
  'image/svg+xml',
  'video/webm',
  ';',
  '*/*',
  'x'.repeat(2000),
  'application/json; boundary=\u00ff',
];

// ---------------------------------------------------------------------------------------------------------------
// Files for upload endpoints

export type FileCorpus = { name: string; bytes: Buffer; contentType: string }[];

/** A PNG whose header claims the given size (with a correct CRC), followed by no image data. */
export function pngHeaderOnly(width: number, height: number): Buffer {
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  const data = Buffer.alloc(13);
  data.writeUInt32BE(width, 0);
  data.writeUInt32BE(height, 4);
  data[8] = 8; // bit depth
  data[9] = 2; // RGB
  const type = Buffer.from('IHDR');
  const length = Buffer.alloc(4);
  length.writeUInt32BE(13);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([type, data])));
  const end = Buffer.from([0, 0, 0, 0, 0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82]);
  return Buffer.concat([signature, length, type, data, crc, end]);
}

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

/** Damaged copies of good files: cut at several points, with flipped bytes, with a foreign tail. */
export function damagedFiles(rng: Rng, good: FileCorpus): FileCorpus {
  const out: FileCorpus = [];
  for (const file of good) {
    const { bytes } = file;
    for (const cut of [8, 16, 33, 64, Math.floor(bytes.length / 2), bytes.length - 12, bytes.length - 1]) {
      if (cut > 0 && cut < bytes.length)
        out.push({ ...file, name: `${file.name} cut at ${cut}`, bytes: bytes.subarray(0, cut) });
    }
    const flipped = Buffer.from(bytes);
    for (let i = 0; i < 16; i++) {
      const at = rng.int(Math.min(40, flipped.length - 1), flipped.length - 1);
      flipped[at] = flipped[at]! ^ 0xff;
    }
    out.push({ ...file, name: `${file.name} with flipped bytes`, bytes: flipped });
    out.push({
      ...file,
      name: `${file.name} header + garbage`,
      bytes: Buffer.concat([bytes.subarray(0, 16), rng.bytes(2048)]),
    });
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------------------
// Query strings, path parameters, headers

export function brokenQueryValue(rng: Rng, name: string, schema: JsonSchema, valid?: unknown): string {
  const value = brokenValue(rng, schema, name, valid === undefined ? undefined : String(valid));
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  return JSON.stringify(value) ?? 'undefined';
}

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** Encodes a query value, sometimes leaving characters raw or percent-encoding badly on purpose. */
export function encodeQueryPart(rng: Rng, text: string): string {
  const roll = rng.next();
  if (roll < 0.8) return encodeURIComponent(text.replace(LONE_SURROGATE, '\ufffd'));
  if (roll < 0.9)
    return text.replace(/[^\x21-\x7e]|[#&]/g, (c) => encodeURIComponent(c.replace(/[\ud800-\udfff]/, '?')));
  return rng.pick(['%', '%zz', '%E0%A4%A', '%00', '%C0%AE', '%FF%FE', '%uD800']);
}

export const ODD_PATH_VALUES: readonly string[] = [
  'not-a-uuid',
  '1',
  '-1',
  '0',
  'null',
  'undefined',
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  '00000000-0000-0000-0000-00000000000g',
  'AAAAAAAA-AAAA-4AAA-8AAA-AAAAAAAAAAAA',
  '3fa85f64-5717-4562-b3fc-2c963f66afa6-extra',
  '3fa85f64571745621b3fc2c963f66afa6',
  '{3fa85f64-5717-4562-b3fc-2c963f66afa6}',
  '..',
  '.',
  '%2e%2e',
  '%2F',
  '%00',
  '%zz',
  '%E0%A4%A',
  '%F0%9F%A6%84',
  'a'.repeat(300),
  '1e309',
  '__proto__',
  "'%20OR%201=1",
  '%3Cscript%3E',
];

export function oddHeaders(
  rng: Rng,
  cookie: string | null,
): { headers: Record<string, string>; how: string } {
  const roll = rng.int(0, 17);
  const token = cookie?.split('=')[1] ?? 'x';
  switch (roll) {
    case 0:
      return { headers: { cookie: `daybook.session_token=${rng.hex(32)}` }, how: 'unknown session token' };
    case 1:
      return { headers: { cookie: `daybook.session_token=${token}.${rng.hex(10)}` }, how: 'bad signature' };
    case 2:
      return {
        headers: { cookie: 'daybook.session_token=%E0%A4%A; other=%' },
        how: 'bad percent-encoding in cookie',
      };
    case 3:
      return { headers: { cookie: `daybook.session_token=${'A'.repeat(8000)}` }, how: 'huge cookie' };
    case 4:
      return {
        headers: { cookie: `daybook.session_token=; daybook.session_token=${token}; =; ;;` },
        how: 'duplicate and empty cookies',
      };
    case 5:
      return { headers: { cookie: `__Secure-daybook.session_token=${token}` }, how: 'secure cookie name' };
    case 6:
      return { headers: { 'x-huge': 'h'.repeat(15_000) }, how: 'huge header' };
    case 7:
      return {
        headers: { origin: rng.pick(['null', 'https://evil.example', 'file://', '']) },
        how: 'odd origin',
      };
    case 8:
      return {
        headers: {
          'x-forwarded-for': rng.pick([
            '999.999.1.1',
            'garbage',
            '::ffff:1.2.3.4, , ,',
            '1.1.1.1'.repeat(200),
          ]),
        },
        how: 'odd x-forwarded-for',
      };
    case 9:
      return {
        headers: { authorization: rng.pick(['Bearer', `Bearer ${token}`, 'Basic Og==', 'x'.repeat(4000)]) },
        how: 'authorization',
      };
    case 10:
      return {
        headers: { accept: rng.pick(['*/*;q=foo', 'text/html', 'application/xml', '', 'x'.repeat(3000)]) },
        how: 'odd accept',
      };
    case 11:
      return {
        headers: { 'content-encoding': rng.pick(['gzip', 'br', 'deflate', 'identity', 'zstd', 'x']) },
        how: 'content-encoding the body does not have',
      };
    case 12:
      return {
        headers: {
          range: rng.pick([
            'bytes=99999999999999999999-',
            'bytes=-0',
            'bytes=5-1',
            'bytes=0-0,1-1',
            'items=0-1',
          ]),
        },
        how: 'odd range',
      };
    case 13:
      return {
        headers: { 'user-agent': rng.pick(['', ZALGO, 'u'.repeat(10_000), '\u0001']) },
        how: 'odd user-agent',
      };
    case 14:
      return {
        headers: { 'accept-language': 'x'.repeat(5000), 'if-none-match': '*' },
        how: 'odd accept-language',
      };
    case 15:
      return {
        headers: { 'x-http-method-override': 'DELETE', 'x-forwarded-proto': 'gopher' },
        how: 'method override',
      };
    case 16:
      return {
        headers: { host: rng.pick(['', 'evil.example', 'localhost:99999', '[::1']) },
        how: 'odd host',
      };
    default:
      return {
        headers: { expect: '100-continue', 'transfer-encoding': 'identity' },
        how: 'expect/transfer-encoding',
      };
  }
}

/** Header values as a client may send them: inject and sockets refuse characters outside latin-1. */
export const headerSafe = (value: string) => value.replace(/[^\t\x20-\x7e\x80-\xff]/g, '?');

// ---------------------------------------------------------------------------------------------------------------
// Whole requests

export type FuzzRequest = {
  /** "POST /api/entries" as the document names it. */
  operation: string;
  /** What was done to this request, for the failure report. */
  how: string[];
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
  /** The runner adds the current session cookie unless the request carries its own. */
  signedIn: boolean;
};

export type PlanContext = {
  rng: Rng;
  sampler: SchemaSampler;
  /** Known-good bodies per operation, e.g. an entry encrypted the way the browser does it. */
  examples: Record<string, readonly unknown[]>;
  /** Good files and damaged ones, for anything that may take an upload. */
  files: FileCorpus;
  cookie: string;
};

function multipartBody(
  rng: Rng,
  file: FileCorpus[number],
): { payload: Buffer; contentType: string; how: string } {
  const boundary = `----fuzz${rng.hex(16)}`;
  const filename = rng.chance(0.8)
    ? rng.pick(['photo.png', 'clip.webm', 'voice.wav', 'a.jpg', 'noext'])
    : headerSafe(rng.pick(NASTY_STRINGS)).replace(/"/g, '');
  const partType = rng.chance(0.8) ? file.contentType : rng.pick(ODD_CONTENT_TYPES);
  const part = (name: string, bytes: Buffer, withFile = true) =>
    Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"${withFile ? `; filename="${filename}"` : ''}\r\n` +
          `Content-Type: ${partType}\r\n\r\n`,
        'latin1',
      ),
      bytes,
      Buffer.from('\r\n'),
    ]);
  const close = Buffer.from(`--${boundary}--\r\n`);
  const roll = rng.int(0, 9);
  const contentType = `multipart/form-data; boundary=${boundary}`;
  switch (roll) {
    case 0:
      return {
        payload: Buffer.concat([part('file', file.bytes)]),
        contentType,
        how: 'multipart without closing boundary',
      };
    case 1:
      return {
        payload: Buffer.concat([part('file', file.bytes), part('file', file.bytes), close]),
        contentType,
        how: 'two files',
      };
    case 2:
      return {
        payload: Buffer.concat([part('note', Buffer.from('hello'), false), close]),
        contentType,
        how: 'no file part',
      };
    case 3:
      return {
        payload: Buffer.concat([part('file', file.bytes), close]),
        contentType: 'multipart/form-data; boundary=other',
        how: 'wrong boundary',
      };
    case 4:
      return {
        payload: Buffer.concat([part(rng.pick(['avatar', '', 'x'.repeat(500)]), file.bytes), close]),
        contentType,
        how: 'odd field name',
      };
    case 5:
      return {
        payload: Buffer.concat([
          part('a', Buffer.from('1'), false),
          part('b', Buffer.from('2'), false),
          part('c', Buffer.from('3'), false),
          part('file', file.bytes),
          close,
        ]),
        contentType,
        how: 'too many fields',
      };
    default:
      return {
        payload: Buffer.concat([part('file', file.bytes), close]),
        contentType,
        how: 'multipart file',
      };
  }
}

const EXTRA_QUERY: readonly string[] = [
  '__proto__[isAdmin]=1',
  'constructor[prototype][isAdmin]=1',
  `x=${'y'.repeat(6000)}`,
  '&&&=&=',
  'a=%zz',
  'a[b][c][d][e][f]=1',
  `${'k'.repeat(300)}=1`,
  'a=1&'.repeat(500),
  ';=;',
  '%00=%00',
];

type Focus = 'path' | 'query' | 'body' | 'headers';

export function planRequest(operation: Operation, ctx: PlanContext): FuzzRequest {
  const { rng, sampler } = ctx;
  const key = `${operation.method} ${operation.path}`;
  const how: string[] = [];
  const headers: Record<string, string> = {};
  let payload: string | Buffer | undefined;
  const queryParameters = operation.parameters.filter((p) => p.in === 'query');

  // Most requests break one part and keep the rest valid, so that the broken value reaches the code behind
  // validation; one in five breaks everything at once.
  const parts: Focus[] = ['headers', 'body'];
  if (operation.path.includes('{')) parts.push('path');
  if (queryParameters.length > 0) parts.push('query', 'query');
  const focus: Focus | 'all' = rng.chance(0.2) ? 'all' : rng.pick(parts);
  const breaks = (part: Focus) => focus === 'all' || focus === part;

  // Path parameters: mostly well-formed (sometimes ids that exist), sometimes not ids at all.
  const path = operation.path.replace(/\{(\w+)\}/g, (_match, name: string) => {
    const parameter = operation.parameters.find((p) => p.in === 'path' && p.name === name);
    if (!breaks('path') || rng.chance(0.3))
      return encodeURIComponent(String(sampler.valid(parameter?.schema ?? {}, name)));
    const odd = rng.pick(ODD_PATH_VALUES);
    how.push(`path ${name}=${odd.slice(0, 40)}`);
    return odd;
  });

  // Query string: with the focus on it, one parameter is broken (all may be, when everything is).
  const query: string[] = [];
  const target = breaks('query') && queryParameters.length > 0 ? rng.pick(queryParameters) : null;
  for (const parameter of queryParameters) {
    const { name } = parameter;
    const schema = sampler.resolve(parameter.schema ?? {});
    const isBroken = focus === 'all' ? rng.chance(0.55) : parameter === target;
    const roll = isBroken ? 0.45 + rng.next() * 0.55 : 0;
    if (roll < 0.45) {
      if (parameter.required || rng.chance(0.6))
        query.push(`${name}=${encodeURIComponent(String(sampler.valid(schema, name)))}`);
    } else if (roll < 0.8) {
      const value = brokenQueryValue(rng, name, schema, sampler.valid(schema, name));
      query.push(`${name}=${encodeQueryPart(rng, value)}`);
      how.push(`query ${name}=${value.slice(0, 40)}`);
    } else if (roll < 0.87) {
      query.push(
        `${name}=${encodeURIComponent(String(sampler.valid(schema, name)))}`,
        `${name}=${encodeQueryPart(rng, rng.pick(NASTY_STRINGS))}`,
      );
      how.push(`query ${name} repeated`);
    } else if (roll < 0.92) {
      query.push(rng.pick([`${name}[]=1`, `${name}[a]=1`, `${name}[__proto__]=1`, `${name}.x=1`]));
      how.push(`query ${name} as an object`);
    } else if (roll < 0.96) {
      how.push(`query ${name} left out`);
    } else {
      query.push(name);
      how.push(`query ${name} without a value`);
    }
  }
  if (breaks('query') && rng.chance(0.15)) {
    const extra = rng.pick(EXTRA_QUERY);
    query.push(extra);
    how.push(`extra query ${extra.slice(0, 40)}`);
  }
  const url = query.length > 0 || rng.chance(0.02) ? `${path}?${query.join('&')}` : path;

  // Body.
  const takesBody = operation.method !== 'GET';
  const examples = ctx.examples[key] ?? [];
  const validBody = () =>
    examples.length > 0 && rng.chance(0.5) ? rng.pick(examples) : sampler.valid(operation.body ?? {});
  const setJson = (text: string, contentType = 'application/json') => {
    payload = text;
    headers['content-type'] = contentType;
  };
  // Without the focus on it, the body is valid (or absent, where the operation takes none).
  const roll = breaks('body') ? rng.next() : 0;
  if (operation.body) {
    if (roll < 0.25) {
      setJson(JSON.stringify(validBody()));
      how.push('valid-looking body');
    } else if (roll < 0.65) {
      const mutated = mutateBody(rng, sampler, operation.body, validBody());
      setJson(JSON.stringify(mutated.body) ?? 'null');
      how.push(mutated.how);
    } else if (roll < 0.77) {
      const broken = malformedJson(rng);
      setJson(broken.text);
      how.push(broken.how);
    } else if (roll < 0.87) {
      const contentType = rng.pick(ODD_CONTENT_TYPES);
      setJson(rng.chance(0.5) ? JSON.stringify(validBody()) : rng.pick(NASTY_STRINGS), contentType);
      how.push(`content-type ${contentType.slice(0, 40)}`);
    } else if (roll < 0.92) {
      const file = rng.pick(ctx.files);
      const body = multipartBody(rng, file);
      payload = body.payload;
      headers['content-type'] = body.contentType;
      how.push(`${body.how}: ${file.name}`);
    } else if (roll < 0.96) {
      how.push('no body');
      if (rng.chance(0.5)) headers['content-type'] = 'application/json';
    } else {
      setJson(
        JSON.stringify({
          ...(validBody() as object),
          padding: 'p'.repeat(rng.chance(0.1) ? 13_000_000 : rng.pick([70_000, 1_100_000])),
        }),
      );
      how.push('oversized body');
    }
  } else if (takesBody) {
    if (roll < 0.3) {
      how.push('no body');
    } else if (roll < 0.62) {
      const file = rng.pick(ctx.files);
      const body = multipartBody(rng, file);
      payload = body.payload;
      headers['content-type'] = body.contentType;
      how.push(`${body.how}: ${file.name}`);
    } else if (roll < 0.82) {
      const file = rng.pick(ctx.files);
      payload = file.bytes;
      headers['content-type'] = rng.chance(0.8) ? file.contentType : rng.pick(ODD_CONTENT_TYPES);
      how.push(`raw file ${file.name} as ${headers['content-type'].slice(0, 40)}`);
    } else if (roll < 0.9) {
      setJson(rng.chance(0.5) ? '{}' : JSON.stringify(brokenValue(rng, {}, '')));
      how.push('unexpected JSON body');
    } else {
      const broken = malformedJson(rng);
      setJson(broken.text, rng.chance(0.5) ? 'application/json' : rng.pick(ODD_CONTENT_TYPES));
      how.push(broken.how);
    }
  } else if (breaks('body') && roll < 0.1) {
    setJson('{"unexpected":true}');
    how.push('body on a GET');
  }

  if (breaks('headers') && (focus === 'headers' || rng.chance(0.3))) {
    const odd = oddHeaders(rng, ctx.cookie);
    for (const [name, value] of Object.entries(odd.headers)) headers[name] = headerSafe(value);
    how.push(odd.how);
  }
  const signedIn = rng.chance(0.7);
  if (!signedIn) how.push('signed out');
  if (how.length === 0) how.push('valid-looking');
  return { operation: key, how, method: operation.method, url, headers, payload, signedIn };
}

/** A request as raw HTTP/1.1 bytes, for the part of the test that goes through a real socket. */
export function rawHttp(request: FuzzRequest, host: string, cookie: string | null): Buffer {
  const headers: Record<string, string> = { host, connection: 'close', ...request.headers };
  if (request.signedIn && cookie && !headers.cookie) headers.cookie = cookie;
  const body = request.payload === undefined ? Buffer.alloc(0) : Buffer.from(request.payload);
  if (request.payload !== undefined) headers['content-length'] = String(body.length);
  const head = `${request.method} ${request.url} HTTP/1.1\r\n${Object.entries(headers)
    .map(([k, v]) => `${k}: ${v}`)
    .join('\r\n')}\r\n\r\n`;
  return Buffer.concat([Buffer.from(head, 'latin1'), body]);
}

/** Requests an HTTP parser must refuse (or survive): each one complete, so none waits for more bytes. */
export function malformedRawRequests(host: string, cookie: string): { how: string; bytes: Buffer }[] {
  const raw = (how: string, text: string) => ({ how, bytes: Buffer.from(text, 'latin1') });
  const end = 'Connection: close\r\n\r\n';
  const json = '{"email":"a@example.com"}';
  return [
    raw('header name with a space', `GET /api/health HTTP/1.1\r\nHost: ${host}\r\nBad Header: 1\r\n${end}`),
    raw(
      'NUL in a header value',
      `GET /api/me HTTP/1.1\r\nHost: ${host}\r\nCookie: ${cookie}\u0000x\r\n${end}`,
    ),
    raw('obs-fold header', `GET /api/me HTTP/1.1\r\nHost: ${host}\r\nX-A: 1\r\n folded\r\n${end}`),
    raw('huge header', `GET /api/me HTTP/1.1\r\nHost: ${host}\r\nX-Huge: ${'h'.repeat(20_000)}\r\n${end}`),
    raw('many headers', `GET /api/me HTTP/1.1\r\nHost: ${host}\r\n${'X-A: 1\r\n'.repeat(3000)}${end}`),
    raw(
      'huge cookie',
      `GET /api/me HTTP/1.1\r\nHost: ${host}\r\nCookie: ${cookie}; ${'c=1; '.repeat(3000)}\r\n${end}`,
    ),
    raw(
      'non-numeric content-length',
      `POST /api/auth/login-status HTTP/1.1\r\nHost: ${host}\r\nContent-Type: application/json\r\nContent-Length: abc\r\n${end}${json}`,
    ),
    raw(
      'negative content-length',
      `POST /api/auth/login-status HTTP/1.1\r\nHost: ${host}\r\nContent-Type: application/json\r\nContent-Length: -1\r\n${end}${json}`,
    ),
    raw(
      'two content-lengths',
      `POST /api/auth/login-status HTTP/1.1\r\nHost: ${host}\r\nContent-Type: application/json\r\nContent-Length: 5\r\nContent-Length: ${json.length}\r\n${end}${json}`,
    ),
    raw(
      'content-length shorter than the body',
      `POST /api/auth/login-status HTTP/1.1\r\nHost: ${host}\r\nContent-Type: application/json\r\nContent-Length: 5\r\n${end}${json}`,
    ),
    raw(
      'content-length and chunked',
      `POST /api/auth/login-status HTTP/1.1\r\nHost: ${host}\r\nContent-Type: application/json\r\nContent-Length: ${json.length}\r\nTransfer-Encoding: chunked\r\n${end}${json}`,
    ),
    raw(
      'bad chunk size',
      `POST /api/auth/login-status HTTP/1.1\r\nHost: ${host}\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n${end}zz\r\n${json}\r\n0\r\n\r\n`,
    ),
    raw(
      'good chunks',
      `POST /api/auth/login-status HTTP/1.1\r\nHost: ${host}\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n${end}${json.length.toString(16)}\r\n${json}\r\n0\r\n\r\n`,
    ),
    raw(
      'chunked with a huge chunk size',
      `POST /api/auth/login-status HTTP/1.1\r\nHost: ${host}\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n${end}fffffffffffffffff\r\nx\r\n0\r\n\r\n`,
    ),
    raw(
      'unknown transfer-encoding',
      `POST /api/auth/login-status HTTP/1.1\r\nHost: ${host}\r\nContent-Type: application/json\r\nTransfer-Encoding: gzip\r\n${end}${json}`,
    ),
    raw(
      'gzip content-encoding on plain JSON',
      `POST /api/auth/login-status HTTP/1.1\r\nHost: ${host}\r\nContent-Type: application/json\r\nContent-Encoding: gzip\r\nContent-Length: ${json.length}\r\n${end}${json}`,
    ),
    raw('request line garbage', `\u0000\u0001\u0002 / HTTP/1.1\r\n${end}`),
    raw('lower-case method', `get /api/health HTTP/1.1\r\nHost: ${host}\r\n${end}`),
    raw('unknown method', `FUZZ /api/health HTTP/1.1\r\nHost: ${host}\r\n${end}`),
    raw('PROPFIND', `PROPFIND /api/entries HTTP/1.1\r\nHost: ${host}\r\n${end}`),
    raw('HTTP/2.0 version', `GET /api/health HTTP/2.0\r\nHost: ${host}\r\n${end}`),
    raw('HTTP/1.0 without host', `GET /api/health HTTP/1.0\r\n\r\n`),
    raw('HTTP/9.9', `GET /api/health HTTP/9.9\r\nHost: ${host}\r\n${end}`),
    raw('no host', `GET /api/health HTTP/1.1\r\n${end}`),
    raw('two hosts', `GET /api/health HTTP/1.1\r\nHost: a\r\nHost: b\r\n${end}`),
    raw('absolute-form URL', `GET http://evil.example/api/health HTTP/1.1\r\nHost: ${host}\r\n${end}`),
    raw('asterisk URL', `OPTIONS * HTTP/1.1\r\nHost: ${host}\r\n${end}`),
    raw('space in the URL', `GET /api/entries?date=2024 01 01 HTTP/1.1\r\nHost: ${host}\r\n${end}`),
    raw(
      'raw high bytes in the URL',
      `GET /api/entries?date=\u00ff\u00fe HTTP/1.1\r\nHost: ${host}\r\nCookie: ${cookie}\r\n${end}`,
    ),
    raw(
      'very long URL',
      `GET /api/entries?page=${'9'.repeat(70_000)} HTTP/1.1\r\nHost: ${host}\r\nCookie: ${cookie}\r\n${end}`,
    ),
    raw(
      'bad percent-encoding in the path',
      `GET /api/entries/%E0%A4%A HTTP/1.1\r\nHost: ${host}\r\nCookie: ${cookie}\r\n${end}`,
    ),
    raw('dot segments', `GET /api/../api/./me HTTP/1.1\r\nHost: ${host}\r\nCookie: ${cookie}\r\n${end}`),
    raw('double slashes', `GET //api//me HTTP/1.1\r\nHost: ${host}\r\nCookie: ${cookie}\r\n${end}`),
    raw(
      'expect 100-continue',
      `POST /api/auth/login-status HTTP/1.1\r\nHost: ${host}\r\nContent-Type: application/json\r\nExpect: 100-continue\r\nContent-Length: ${json.length}\r\n${end}${json}`,
    ),
    raw(
      'unknown expectation',
      `POST /api/auth/login-status HTTP/1.1\r\nHost: ${host}\r\nExpect: 200-ok\r\nContent-Length: 0\r\n${end}`,
    ),
    raw('LF-only line endings', `GET /api/health HTTP/1.1\nHost: ${host}\nConnection: close\n\n`),
    raw('header without a colon', `GET /api/health HTTP/1.1\r\nHost: ${host}\r\nNoColon\r\n${end}`),
    raw(
      'latin-1 content type',
      `POST /api/auth/login-status HTTP/1.1\r\nHost: ${host}\r\nContent-Type: application/json; charset=\u00ff\r\nContent-Length: ${json.length}\r\n${end}${json}`,
    ),
    raw(
      'upgrade to websocket',
      `GET /api/health HTTP/1.1\r\nHost: ${host}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\r\n`,
    ),
    raw(
      'upgrade to h2c',
      `GET /api/health HTTP/1.1\r\nHost: ${host}\r\nUpgrade: h2c\r\nHTTP2-Settings: AAMAAABkAARAAAAAAAIAAAAA\r\n${end}`,
    ),
    raw('HTTP/2 preface', 'PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n'),
    raw('TLS client hello', '\u0016\u0003\u0001\u0002\u0000\u0001\u0000\u0001\u00fc\u0003\u0003'),
  ];
}
