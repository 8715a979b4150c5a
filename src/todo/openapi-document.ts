// GET /openapi.json: the to-do API's contract, derived from its route table by toOpenApi(), with the bodies,
// responses and status codes of each operation given here (the routes know paths and methods, not payloads).
import { type RequestDelegate, type RouteCollection } from '../http.js';
import { toOpenApi, type OpenApiDocument, type OperationMetadata } from '../openapi.js';

const JSON_TYPE = 'application/json';
const ITEM = { $ref: '#/components/schemas/TodoItem' };

/** A problem+json response of `status`; `why` says when it is sent. */
const problemResponse = (why: string) => ({
  description: why,
  content: { 'application/problem+json': { schema: { $ref: '#/components/schemas/ProblemDetails' } } },
});

const RETRY_AFTER = { description: 'Seconds to wait before retrying.', required: true, schema: { type: 'string' } };
// Any operation that reaches the store: the store (e.g. PostgreSQL) does not answer now.
const UNAVAILABLE = {
  '503': { ...problemResponse('The to-do store is unavailable; try again later.'), headers: { 'Retry-After': RETRY_AFTER } },
};

const BODY_PROBLEMS = {
  '400': problemResponse('The body is missing, not JSON, not an object, or a field has the wrong type.'),
  '413': problemResponse('The body is larger than 1 MiB.'),
  '415': problemResponse('The body is not sent as Content-Type: application/json.'),
  '507': problemResponse('The store is full; nothing was stored or changed.'),
};

const GET_ONE = {
  '200': { description: 'The item.', content: { [JSON_TYPE]: { schema: ITEM } } },
  '404': problemResponse('No item has this Key.'),
  ...UNAVAILABLE,
};
const GET_ALL = {
  '200': { description: 'Every item.', content: { [JSON_TYPE]: { schema: { type: 'array', items: ITEM } } } },
  ...UNAVAILABLE,
};
const health = (status: string) => ({
  type: 'object',
  properties: {
    status: { const: status },
    store: { type: 'string', description: 'The kind of store: "memory" or "postgres".' },
    worker: { type: 'integer', description: 'The process id of the answering worker (with TODO_WORKERS).' },
  },
  required: ['status', 'store'],
});
const HEALTH = {
  '200': { description: 'The service and its store answer.', content: { [JSON_TYPE]: { schema: health('ok') } } },
  '503': {
    description: 'The store does not answer.',
    headers: { 'Retry-After': RETRY_AFTER },
    content: { [JSON_TYPE]: { schema: health('unavailable') } },
  },
};
const DOCUMENT = { '200': { description: 'This OpenAPI document.', content: { [JSON_TYPE]: { schema: { type: 'object' } } } } };

/** HEAD answers as GET without the body: the same statuses and headers, no content. */
function headOf(responses: Record<string, { description: string; headers?: object }>): Record<string, object> {
  return Object.fromEntries(
    Object.entries(responses).map(([status, { description, headers }]) => [status, { description: `${description} Headers only.`, ...(headers ? { headers } : {}) }]),
  );
}

/** Per-operation metadata, by "METHOD template" (or route name), for the to-do routes. */
const OPERATIONS: Record<string, OperationMetadata> = {
  'GET healthz': { operationId: 'Health', summary: 'Liveness check', responses: HEALTH },
  'HEAD healthz': { operationId: 'HealthHead', summary: 'Liveness check, headers only', responses: headOf(HEALTH) },
  'GET openapi.json': { operationId: 'OpenApiDocument', summary: 'This document', responses: DOCUMENT },
  'HEAD openapi.json': { operationId: 'OpenApiDocumentHead', summary: 'This document, headers only', responses: headOf(DOCUMENT) },
  'GET api/todo': { operationId: 'ListTodos', tags: ['todo'], summary: 'List every to-do item', responses: GET_ALL },
  'HEAD api/todo': { operationId: 'ListTodosHead', tags: ['todo'], summary: 'List every to-do item, headers only', responses: headOf(GET_ALL) },
  'GET GetTodo': { tags: ['todo'], summary: 'Get one to-do item', responses: GET_ONE },
  'HEAD GetTodo': { operationId: 'GetTodoHead', tags: ['todo'], summary: 'Get one to-do item, headers only', responses: headOf(GET_ONE) },
  'POST api/todo': {
    operationId: 'CreateTodo',
    tags: ['todo'],
    summary: 'Create a to-do item',
    description:
      'The Key in the body is ignored: the service assigns a new one. With an Idempotency-Key, a retry of the same body gets the first response again (and nothing more is stored), for 24 hours.',
    parameters: [
      {
        name: 'Idempotency-Key',
        in: 'header',
        required: false,
        description: 'A key of the client\'s choosing (1–255 printable ASCII characters, optionally quoted) that makes retrying this POST safe.',
        schema: { type: 'string', minLength: 1, maxLength: 257 },
      },
    ],
    requestBody: { required: true, content: { [JSON_TYPE]: { schema: ITEM } } },
    responses: {
      '201': {
        description: 'The created item, with its new Key; for a retried Idempotency-Key, the first response again.',
        headers: {
          Location: { description: 'The absolute URL of the new item.', required: true, schema: { type: 'string', format: 'uri' } },
          'Idempotent-Replayed': { description: '"true" when this is the response to an earlier request with the same Idempotency-Key.', schema: { type: 'string', enum: ['true'] } },
        },
        content: { [JSON_TYPE]: { schema: ITEM } },
      },
      ...BODY_PROBLEMS,
      '409': problemResponse('A request with this Idempotency-Key is still being processed.'),
      '422': problemResponse('This Idempotency-Key was used with another body.'),
      ...UNAVAILABLE,
    },
  },
  'PUT api/todo/{id}': {
    operationId: 'UpdateTodo',
    tags: ['todo'],
    summary: 'Replace a to-do item',
    description: "The body's Key must equal {id}. Omitted fields take their defaults (Name null, IsComplete false).",
    requestBody: { required: true, content: { [JSON_TYPE]: { schema: ITEM } } },
    responses: {
      '204': { description: 'The item was replaced.' },
      ...BODY_PROBLEMS,
      '400': problemResponse("The body is missing or invalid, or its Key differs from {id}."),
      '404': problemResponse('No item has this Key.'),
      ...UNAVAILABLE,
    },
  },
  'DELETE api/todo/{id}': {
    operationId: 'DeleteTodo',
    tags: ['todo'],
    summary: 'Delete a to-do item',
    responses: { '204': { description: 'The item is gone (also when it never existed).' }, ...UNAVAILABLE },
  },
};

const COMPONENTS = {
  schemas: {
    TodoItem: {
      type: 'object',
      properties: {
        Key: { type: ['string', 'null'], description: 'Assigned by the service on create; on PUT it must equal {id}.' },
        Name: { type: ['string', 'null'] },
        IsComplete: { type: 'boolean', default: false },
      },
    },
    ProblemDetails: {
      type: 'object',
      description: 'An RFC 9457 problem.',
      properties: { type: { type: 'string' }, title: { type: 'string' }, status: { type: 'integer' }, detail: { type: 'string' } },
      required: ['type', 'title', 'status'],
    },
  },
};

/** The to-do API's OpenAPI document, from its route collection. */
export function todoOpenApiDocument(routes: RouteCollection): OpenApiDocument {
  return toOpenApi(routes, {
    info: { title: 'switchyard to-do API', version: '1.0.0', description: 'A to-do list over HTTP with JSON bodies.' },
    operations: OPERATIONS,
    components: COMPONENTS,
    headFromGet: true, // the server routes HEAD as GET (the router middleware's headAsGet, on by default)
  });
}

/** A handler for GET /openapi.json; the document is built on the first request, once the routes exist. */
export function serveOpenApi(routes: () => RouteCollection): RequestDelegate {
  let json: string | undefined;
  return async (ctx) => {
    json ??= JSON.stringify(todoOpenApiDocument(routes()));
    ctx.response.send(200, json, { 'content-type': 'application/json; charset=utf-8' });
  };
}
