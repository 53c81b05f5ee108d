import fc from 'fast-check';

/** The parts of an OpenAPI 3 document the fuzzer reads (the server's /api/docs, inline schemas). */
interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  format?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  const?: unknown;
}

interface Parameter {
  in: 'path' | 'query' | 'header' | 'cookie';
  name: string;
  schema?: JsonSchema;
}

interface Operation {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}

export interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>;
}

export interface FuzzOperation {
  method: string;
  path: string;
  parameters: Parameter[];
  body: JsonSchema | null;
}

interface FuzzRequest {
  method: string;
  url: string;
  contentType: string | null;
  body: string | null;
}

/** Ids that exist (so some requests reach the services' rules), beside random and hostile ones. */
export interface KnownIds {
  projectId: string;
  clientId: string;
}

const METHODS = new Set(['get', 'post', 'put', 'patch', 'delete']);

export function operationsOf(document: OpenApiDocument, skip: ReadonlySet<string>): FuzzOperation[] {
  return Object.entries(document.paths).flatMap(([path, operations]) =>
    Object.entries(operations)
      .filter(([method]) => METHODS.has(method) && !skip.has(`${method.toUpperCase()} ${path}`))
      .map(([method, operation]) => ({
        method: method.toUpperCase(),
        path,
        parameters: operation.parameters ?? [],
        body: operation.requestBody?.content?.['application/json']?.schema ?? null,
      })),
  );
}

const HUGE = 'x'.repeat(200_000);

/** The families of the hardening issue: control characters, broken Unicode, impossible dates, huge and odd values. */
const hostileStrings = fc.constantFrom(
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udfffy',
  HUGE,
  '2026-02-30',
  '2026-13-45',
  '9999-12-31',
  '0000-00-00',
  '1999-12-31',
  '2026-01-01T25:61:00Z',
  '-1',
  '1e308',
  'NaN',
  'Infinity',
  '__proto__',
  'constructor',
  "'; DROP TABLE users; --",
  '" OR 1=1 --',
  '../../../../etc/passwd',
  '%00',
  '%',
  '{{7*7}}',
  '<script>alert(1)</script>',
  '😀'.repeat(1000),
  '\u202etxt.exe',
  'http://169.254.169.254/latest/meta-data/',
  'http://127.0.0.1:1/',
  'a,b,,c',
  '00000000-0000-0000-0000-000000000000',
);

function nested(depth: number): unknown {
  let value: unknown = 'deep';
  for (let level = 0; level < depth; level += 1) value = level % 2 === 0 ? [value] : { a: value };
  return value;
}

const hostileValues: fc.Arbitrary<unknown> = fc.oneof(
  hostileStrings,
  fc.constantFrom(
    null,
    true,
    false,
    0,
    -1,
    1.5,
    -0,
    1e308,
    -1e308,
    Number.MAX_SAFE_INTEGER + 2,
    [],
    {},
    nested(2_000),
    Array.from({ length: 20_000 }, (_, index) => index),
    JSON.parse('{"__proto__": {"polluted": true}}'),
    { constructor: { prototype: { polluted: true } } },
  ),
);

const dates = fc
  .date({ min: new Date('1990-01-01'), max: new Date('2110-12-31'), noInvalidDate: true })
  .map((date) => date.toISOString().slice(0, 10));

/** A value that fits the schema, so a request gets past validation into the rules. */
function plausible(schema: JsonSchema, name: string, ids: KnownIds, depth: number): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum !== undefined && schema.enum.length > 0) return fc.constantFrom(...schema.enum);
  const choices = schema.anyOf ?? schema.oneOf ?? schema.allOf;
  if (choices !== undefined && choices.length > 0) {
    return fc.oneof(...choices.map((choice) => valueFor(choice, name, ids, depth + 1)));
  }
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'object':
      return objectFor(schema, ids, depth);
    case 'array':
      return fc.array(valueFor(schema.items ?? {}, name, ids, depth + 1), { maxLength: 3 });
    case 'integer':
      return fc.integer({ min: -5, max: 400 });
    case 'number':
      return fc.double({ min: -1e6, max: 1e9, noNaN: true });
    case 'boolean':
      return fc.boolean();
    default:
      return plausibleString(schema, name, ids);
  }
}

function plausibleString(schema: JsonSchema, name: string, ids: KnownIds): fc.Arbitrary<unknown> {
  if (schema.format === 'uuid' || /(^|_)id$|_ids?$/.test(name)) {
    return fc.oneof(fc.constantFrom(ids.projectId, ids.clientId), fc.uuid());
  }
  if (schema.format === 'email' || name.includes('email')) {
    return fc.constantFrom('someone@example.com', 'fuzz@example.org');
  }
  if (schema.format === 'uri' || name.includes('url')) return fc.constant('https://hooks.example.com/x');
  if (/date|month|period|start|end/.test(name)) return dates;
  return fc.string({ maxLength: 20 });
}

function objectFor(schema: JsonSchema, ids: KnownIds, depth: number): fc.Arbitrary<unknown> {
  const properties = schema.properties ?? {};
  const entries = Object.entries(properties).map(([key, child]) => [
    key,
    valueFor(child, key, ids, depth + 1),
  ]);
  const record: Record<string, fc.Arbitrary<unknown>> = Object.fromEntries(entries);
  return fc.record(record, { requiredKeys: schema.required ?? [] });
}

/** Mostly plausible, sometimes hostile, at every level of the schema. */
function valueFor(schema: JsonSchema, name: string, ids: KnownIds, depth: number): fc.Arbitrary<unknown> {
  if (depth > 6) return hostileValues;
  return fc.oneof(
    { weight: 4, arbitrary: plausible(schema, name, ids, depth) },
    { weight: 1, arbitrary: hostileValues },
  );
}

function asText(value: unknown): string {
  return typeof value === 'string' ? value : (JSON.stringify(value) ?? 'undefined');
}

function paramValue(parameter: Parameter, ids: KnownIds): fc.Arbitrary<string> {
  return valueFor(parameter.schema ?? {}, parameter.name, ids, 5).map(asText);
}

/** Bodies that are not the JSON the route declares: wrong types, broken JSON, empty. */
const wrongBodies = fc.constantFrom(
  { contentType: 'application/json', body: '{' },
  { contentType: 'application/json', body: '{"a":' },
  { contentType: 'application/json', body: '' },
  { contentType: 'application/json', body: 'null' },
  { contentType: 'application/json', body: '"text"' },
  { contentType: 'application/json', body: '\u0000' },
  { contentType: 'text/plain', body: 'hello' },
  { contentType: 'application/xml', body: '<a>1</a>' },
  { contentType: 'application/x-www-form-urlencoded', body: 'a=1&__proto__[x]=1' },
  {
    contentType: 'multipart/form-data; boundary=zz',
    body: '--zz\r\nContent-Disposition: form-data; name="a"\r\n\r\n1',
  },
  { contentType: 'application/json; charset=utf-16', body: '{}' },
);

/** encodeURIComponent refuses lone surrogates; send them as the UTF-8 bytes a careless client would. */
function encodePathValue(value: string): string {
  return Array.from(value, (char) =>
    /^[\ud800-\udfff]$/.test(char) ? '%ED%A0%80' : encodeURIComponent(char),
  ).join('');
}

/** One request against one operation of the document: its path, query and body filled with the families above. */
export function requestFor(operation: FuzzOperation, ids: KnownIds): fc.Arbitrary<FuzzRequest> {
  const pathParameters = operation.parameters.filter((parameter) => parameter.in === 'path');
  const queryParameters = operation.parameters.filter((parameter) => parameter.in === 'query');
  const path = fc
    .tuple(...pathParameters.map((parameter) => paramValue(parameter, ids)))
    .map((values) =>
      pathParameters.reduce(
        (url, parameter, index) => url.replace(`{${parameter.name}}`, encodePathValue(values[index] ?? '')),
        operation.path,
      ),
    );
  const query = fc.subarray(queryParameters).chain((chosen) =>
    fc.tuple(...chosen.map((parameter) => paramValue(parameter, ids))).map((values) => {
      const search = new URLSearchParams();
      for (const [index, parameter] of chosen.entries()) search.append(parameter.name, values[index] ?? '');
      return search.toString();
    }),
  );
  const jsonBody =
    operation.body === null
      ? fc.constant(null)
      : valueFor(operation.body, 'body', ids, 0).map((value) => JSON.stringify(value) ?? 'null');
  const body = fc.oneof(
    {
      weight: 5,
      arbitrary: jsonBody.map((text) => ({
        contentType: text === null ? null : 'application/json',
        body: text,
      })),
    },
    { weight: 1, arbitrary: wrongBodies },
  );
  return fc.record({ path, query, body }).map(({ path: url, query: search, body: sent }) => ({
    method: operation.method,
    url: search === '' ? url : `${url}?${search}`,
    contentType: operation.method === 'GET' ? null : sent.contentType,
    body: operation.method === 'GET' ? null : sent.body,
  }));
}

/** A failing case prints this: enough to replay it with curl. */
export function describeRequest(persona: string, request: FuzzRequest): string {
  const body = request.body === null ? '' : ` ${request.contentType} ${request.body.slice(0, 300)}`;
  return `${persona} ${request.method} ${request.url.slice(0, 500)}${body}`;
}
