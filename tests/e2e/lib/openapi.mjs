// Checks every answer payd gives the end-to-end suite against docs/openapi.yaml: the
// status must be one the operation lists, each header it declares required must be there
// and match its schema, the Content-Type one it lists, and a JSON body its schema (ajv,
// JSON Schema 2020-12, which OpenAPI 3.1 uses). An answer the document does not describe
// fails the test that got it. A request payd accepted (below 400) must match the document
// too; one it refused was bad input, sent on purpose, and is exempt.
//
// Each test process appends its tally to build/openapi-tally.jsonl (PAYD_OPENAPI_TALLY
// picks another file); `node scripts/openapi-tally.mjs` prints the total.
import { createHash } from 'node:crypto';
import { appendFileSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

import Ajv2020Module from 'ajv/dist/2020.js';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
export const DOCUMENT_PATH = `${ROOT}docs/openapi.yaml`;
export const TALLY_PATH = process.env.PAYD_OPENAPI_TALLY ?? `${ROOT}build/openapi-tally.jsonl`;

// The document, parsed and checked once per version of it: every test file loads it,
// and parsing the YAML and checking it as OpenAPI took a second or more per file.
// The checked document is kept as JSON under the name of its text's SHA-256, so a
// changed document is parsed and checked again.
export const document = await loadCheckedDocument();

async function loadCheckedDocument() {
  const text = readFileSync(DOCUMENT_PATH, 'utf8');
  const cached = join(tmpdir(), `payd-openapi-${createHash('sha256').update(text).digest('hex')}.json`);
  try {
    return JSON.parse(readFileSync(cached, 'utf8'));
  } catch {
    // not checked yet (or a partial file from a process that died): check it now
  }
  const [{ parse: parseYaml }, { Validator }] = await Promise.all([import('yaml'), import('@seriousme/openapi-schema-validator')]);
  const parsed = parseYaml(text);
  // The document itself must be valid OpenAPI 3.1 before anything is judged by it.
  const checked = await new Validator().validate(structuredClone(parsed));
  if (!checked.valid) {
    throw new Error(`docs/openapi.yaml is not valid OpenAPI 3.1: ${JSON.stringify(checked.errors, null, 2)}`);
  }
  // Written whole, then renamed: test files starting together never read half a file.
  const partial = `${cached}.${process.pid}`;
  writeFileSync(partial, JSON.stringify(parsed));
  renameSync(partial, cached);
  return parsed;
}

const Ajv2020 = Ajv2020Module.default ?? Ajv2020Module;
const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false });
ajv.addSchema(document, 'openapi');

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

const escapePointer = (s) => s.replaceAll('~', '~0').replaceAll('/', '~1');

// The object at a JSON pointer of the document, following OpenAPI $refs (responses,
// headers, parameters); returns it with the pointer where it really lives.
function resolve(pointer) {
  for (let hops = 0; hops < 10; hops++) {
    let node = document;
    for (const part of pointer.replace(/^#\//, '').split('/')) {
      node = node?.[part.replaceAll('~1', '/').replaceAll('~0', '~')];
    }
    if (node?.$ref === undefined) return { node, pointer };
    pointer = node.$ref;
  }
  throw new Error(`$ref loop at ${pointer}`);
}

// Path templates, literal ones first (the router prefers them too).
const templates = Object.keys(document.paths)
  .map((template) => ({
    template,
    params: (template.match(/\{[^}]+\}/g) ?? []).length,
    regex: new RegExp(`^${template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{[^}]+\\?\}/g, '[^/]+')}$`),
    pointer: `#/paths/${escapePointer(template)}`,
  }))
  .sort((a, b) => a.params - b.params);

const validators = new Map();
function schemaValidator(pointer) {
  let v = validators.get(pointer);
  if (!v) {
    v = ajv.compile({ $ref: `openapi${pointer}` });
    validators.set(pointer, v);
  }
  return v;
}

const describeErrors = (errors) =>
  errors.slice(0, 8).map((e) => `${e.instancePath || '(body)'} ${e.message}${e.params && Object.keys(e.params).length ? ` ${JSON.stringify(e.params)}` : ''}`).join('; ');

// Coerces a header's or query parameter's text to what its schema types.
function coerce(text, schema) {
  const types = [].concat(schema?.type ?? []);
  if ((types.includes('integer') || types.includes('number')) && /^-?[0-9]+(\.[0-9]+)?$/.test(text)) return Number(text);
  if (types.includes('boolean') && (text === 'true' || text === 'false')) return text === 'true';
  return text;
}

// Where payd today differs from the contract the document states, and another part of
// issue 17 fixes it: such a problem is counted (`knownDifferences`), not failed. Each entry
// names the fix; remove it when the fix lands, and the tests hold payd to the document.
// Each entry: { status, problem (the exact text of the problem), why }.
const KNOWN_DIFFERENCES = [];

const tally = { validated: 0, failed: 0, requestsChecked: 0, knownDifferences: 0, byOperation: {} };
let tallyWritten = false;
process.on('exit', () => {
  if (tallyWritten || tally.validated + tally.failed === 0) return;
  tallyWritten = true;
  mkdirSync(dirname(TALLY_PATH), { recursive: true });
  const file = basename(process.argv[1] ?? 'unknown');
  appendFileSync(TALLY_PATH, `${JSON.stringify({ file, pid: process.pid, at: new Date().toISOString(), ...tally })}\n`);
});
export const openapiTally = () => structuredClone(tally);
// For the checker's own tests: their made-up answers are not the suite's.
export function leaveOutOfTally() {
  tallyWritten = true;
}

export class OpenApiMismatch extends Error {}

// Finds the operation of a request: { pathItem, operation, operationPointer } or what is missing.
export function findOperation(method, path) {
  const bare = path.split('#')[0].split('?')[0];
  const match = templates.find((t) => t.regex.test(bare));
  if (!match) return { unrouted: true };
  const pathItem = document.paths[match.template];
  let m = method.toLowerCase();
  let headOfGet = false;
  if (m === 'head' && !pathItem.head && pathItem.get) {
    m = 'get';
    headOfGet = true;
  }
  if (!pathItem[m]) return { template: match.template, methodNotAllowed: true, allowed: METHODS.filter((x) => pathItem[x]) };
  return {
    template: match.template,
    pathItem,
    operation: pathItem[m],
    operationPointer: `${match.pointer}/${m}`,
    headOfGet,
  };
}

// Validates one answer. `response`: { status, headers (a Headers or plain object), text,
// streamed }. `request`: { method, path, headers, body (text) }. Throws OpenApiMismatch
// naming everything the document does not describe.
export function validateExchange(request, response) {
  const method = request.method.toUpperCase();
  const problems = [];
  const found = findOperation(method, request.path);
  let responsePointer;
  let label;
  if (found.unrouted) {
    label = `(unrouted) ${method}`;
    const generic = { 404: 'NotFound', 400: 'BadRequest', 413: 'PayloadTooLarge', 503: 'Unavailable' }[response.status];
    if (generic) responsePointer = `#/components/responses/${generic}`;
    else problems.push(`${request.path} is no path of the document, and ${response.status} is not how payd answers an unknown path`);
  } else if (found.methodNotAllowed) {
    label = `(405) ${method} ${found.template}`;
    const generic = { 405: 'MethodNotAllowed', 400: 'BadRequest', 413: 'PayloadTooLarge', 503: 'Unavailable' }[response.status];
    if (generic) responsePointer = `#/components/responses/${generic}`;
    else problems.push(`${method} is not an operation of ${found.template} (it has ${found.allowed.join(', ')}), and ${response.status} is not 405`);
  } else {
    label = `${method} ${found.template}`;
    const responses = found.operation.responses ?? {};
    const key = [String(response.status), `${String(response.status)[0]}XX`, 'default'].find((k) => responses[k]);
    if (key) responsePointer = `${found.operationPointer}/responses/${escapePointer(key)}`;
    else problems.push(`status ${response.status} is not a response of ${label} (it lists ${Object.keys(responses).join(', ')})`);
    if (!problems.length && response.status < 400) checkRequest(found, request, problems);
  }
  if (responsePointer) checkResponse(responsePointer, method, response, problems);
  const known = problems.filter((p) => KNOWN_DIFFERENCES.some((k) => k.status === response.status && k.problem === p));
  if (known.length) {
    tally.knownDifferences += known.length;
    problems.splice(0, problems.length, ...problems.filter((p) => !known.includes(p)));
  }
  const op = label ?? method;
  tally.byOperation[op] ??= {};
  tally.byOperation[op][response.status] = (tally.byOperation[op][response.status] ?? 0) + 1;
  if (problems.length) {
    tally.failed++;
    throw new OpenApiMismatch(`docs/openapi.yaml does not describe this answer to ${method} ${request.path} (${response.status}):\n  - ${problems.join('\n  - ')}\n  body: ${String(response.text ?? '').slice(0, 600)}`);
  }
  tally.validated++;
}

function headerOf(headers, name) {
  if (!headers) return null;
  if (typeof headers.get === 'function') return headers.get(name);
  const key = Object.keys(headers).find((k) => k.toLowerCase() === name.toLowerCase());
  return key === undefined ? null : [].concat(headers[key]).join(', ');
}

function checkResponse(pointer, method, response, problems) {
  const { node: described, pointer: at } = resolve(pointer);
  for (const [name, ref] of Object.entries(described.headers ?? {})) {
    if (name.toLowerCase() === 'content-type') continue;
    const { node: header, pointer: headerAt } = resolve(ref.$ref ?? `${at}/headers/${escapePointer(name)}`);
    const value = headerOf(response.headers, name);
    if (value === null) {
      if (header.required) problems.push(`header ${name} is required and missing`);
      continue;
    }
    if (header.schema) {
      const v = schemaValidator(`${headerAt}/schema`);
      if (!v(coerce(value, header.schema))) problems.push(`header ${name}: ${JSON.stringify(value)} ${describeErrors(v.errors)}`);
    }
  }
  const text = response.text ?? '';
  const noBody = method === 'HEAD' || response.status === 204 || response.status === 304;
  const contentType = (headerOf(response.headers, 'content-type') ?? '').split(';')[0].trim().toLowerCase();
  const content = described.content;
  if (!content) {
    if (text.length && !noBody) problems.push(`a body (${contentType || 'no Content-Type'}) where the document describes none`);
    return;
  }
  if (noBody && !text.length) return;
  const mediaType = Object.keys(content).find((m) => m === contentType
    || (m.endsWith('/*') && contentType.startsWith(m.slice(0, -1))) || m === '*/*');
  if (!mediaType) {
    problems.push(`Content-Type ${contentType || '(none)'} is not one of ${Object.keys(content).join(', ')}`);
    return;
  }
  const schema = content[mediaType].schema;
  if (!schema || response.streamed) return;
  const jsonLike = contentType === 'application/json' || contentType.endsWith('+json');
  let value = text;
  if (jsonLike) {
    try {
      value = JSON.parse(text);
    } catch {
      problems.push('the body is not JSON');
      return;
    }
  }
  const v = schemaValidator(`${at}/content/${escapePointer(mediaType)}/schema`);
  if (!v(value)) problems.push(`body: ${describeErrors(v.errors)}`);
}

// A request payd accepted must be one the document describes: the values of the query
// parameters it declares, and the JSON body. (Undeclared parameters are not judged, as in
// OpenAPI; the /api/v1 endpoints refuse them anyway.)
function checkRequest(found, request, problems) {
  tally.requestsChecked++;
  // A fragment is no part of what the server reads (the hostile corpus sends some).
  const query = new URLSearchParams(request.path.split('#')[0].split('?')[1] ?? '');
  const pathPointer = found.operationPointer.replace(/\/[a-z]+$/, '');
  const params = [
    ...(found.pathItem.parameters ?? []).map((p, i) => resolve(p.$ref ?? `${pathPointer}/parameters/${i}`)),
    ...(found.operation.parameters ?? []).map((p, i) => resolve(p.$ref ?? `${found.operationPointer}/parameters/${i}`)),
  ];
  for (const [name, value] of query) {
    const declared = params.find(({ node }) => node.in === 'query' && node.name === name);
    if (!declared) continue;
    const v = schemaValidator(`${declared.pointer}/schema`);
    if (!v(coerce(value, declared.node.schema))) problems.push(`query ${name}: ${describeErrors(v.errors)}`);
  }
  const bodySpec = found.operation.requestBody;
  const type = (headerOf(request.headers, 'content-type') ?? '').split(';')[0].trim().toLowerCase();
  if (!bodySpec || !request.body || type !== 'application/json') return;
  const { node, pointer } = resolve(bodySpec.$ref ?? `${found.operationPointer}/requestBody`);
  if (!node.content?.['application/json']) {
    problems.push('payd accepted a JSON body the document does not describe');
    return;
  }
  let value;
  try {
    value = JSON.parse(request.body);
  } catch {
    problems.push('payd accepted a body that is not JSON');
    return;
  }
  const v = schemaValidator(`${pointer}/content/application~1json/schema`);
  if (!v(value)) problems.push(`payd accepted a request body the document refuses: ${describeErrors(v.errors)}`);
}

// fetch() for tests that need the raw Response (redirects, encodings, streams): validates
// the answer and hands back an equivalent Response whose body can still be read.
export async function checkedFetch(url, init = {}) {
  const res = await fetch(url, init);
  const u = new URL(url);
  const headers = new Headers(init.headers ?? {});
  const request = { method: init.method ?? 'GET', path: u.pathname + u.search, headers, body: typeof init.body === 'string' ? init.body : undefined };
  // A stream is judged by its status and headers; its events are read by the caller.
  if (res.headers.get('content-type')?.startsWith('text/event-stream')) {
    validateExchange(request, { status: res.status, headers: res.headers, streamed: true });
    return res;
  }
  const bytes = Buffer.from(await res.arrayBuffer());
  validateExchange(request, { status: res.status, headers: res.headers, text: bytes.toString('utf8') });
  const empty = [101, 204, 205, 304].includes(res.status) || (init.method ?? 'GET').toUpperCase() === 'HEAD';
  const copy = new Response(empty ? null : bytes, { status: res.status, statusText: res.statusText, headers: res.headers });
  Object.defineProperty(copy, 'url', { value: res.url });
  Object.defineProperty(copy, 'redirected', { value: res.redirected });
  return copy;
}

// Checks a value against one of the document's schemas (an SSE event's data, a webhook's body).
export function validateSchema(name, value, what = name) {
  const v = schemaValidator(`#/components/schemas/${name}`);
  if (!v(value)) throw new OpenApiMismatch(`${what} is not a ${name} of docs/openapi.yaml: ${describeErrors(v.errors)}`);
}

// Compiles the validators of every webhook docs/openapi.yaml describes, once:
// a receiver does it before its first delivery, since a first compile takes
// long enough (seconds on a loaded machine) to hold up the deliveries that a
// test is timing.
export function prepareWebhookValidators() {
  for (const type of Object.keys(document.webhooks ?? {})) {
    const pointer = `#/webhooks/${escapePointer(type)}/post`;
    document.webhooks[type].post.parameters?.forEach((p, i) => {
      const { pointer: at } = resolve(p.$ref ?? `${pointer}/parameters/${i}`);
      schemaValidator(`${at}/schema`);
    });
    schemaValidator(`${pointer}/requestBody/content/application~1json/schema`);
  }
}

// What docs/openapi.yaml's `webhooks` do not describe in a delivery (its body by type, its
// webhook-* headers), or null. Counted in the tally's `webhooks`.
export function webhookMismatch(payload, headers) {
  const hook = document.webhooks[payload?.type];
  if (!hook) {
    tally.webhookFailures = (tally.webhookFailures ?? 0) + 1;
    return `docs/openapi.yaml has no webhook ${payload?.type}`;
  }
  const pointer = `#/webhooks/${escapePointer(payload.type)}/post`;
  const problems = [];
  hook.post.parameters.forEach((p, i) => {
    const { node, pointer: at } = resolve(p.$ref ?? `${pointer}/parameters/${i}`);
    const value = headerOf(headers, node.name);
    if (value === null || value === undefined) {
      if (node.required) problems.push(`header ${node.name} is missing`);
      return;
    }
    const v = schemaValidator(`${at}/schema`);
    if (!v(coerce(value, node.schema))) problems.push(`header ${node.name}: ${describeErrors(v.errors)}`);
  });
  const v = schemaValidator(`${pointer}/requestBody/content/application~1json/schema`);
  if (!v(payload)) problems.push(`body: ${describeErrors(v.errors)}`);
  tally.webhooks = (tally.webhooks ?? 0) + 1;
  if (!problems.length) return null;
  tally.webhookFailures = (tally.webhookFailures ?? 0) + 1;
  return `docs/openapi.yaml does not describe this ${payload.type} delivery: ${problems.join('; ')}`;
}
