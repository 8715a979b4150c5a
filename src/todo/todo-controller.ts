// TodoController: the five operations of the to-do API (the endpoint table of docs/todo-api.md), over a TodoRepository.
import { problem, UrlHelper, writeProblem, type HttpContext, type RequestDelegate, type RoutedHttpContext, type RouteRequestHandler } from '../http.js';
import { IdempotentCreator, readIdempotencyKey } from './idempotency.js';
import { afterBody, readJsonBody, type BodyResult } from './json-body.js';
import { freshItemJson, readTodoInput, todoItemJson, type InputError, type TodoItem } from './todo-item.js';
import { TodoStoreFullError, type TodoRepository } from './todo-repository.js';

/** The route name of GET api/todo/{id}; POST builds its Location from it. */
export const GET_TODO_ROUTE = 'GetTodo';

const JSON_TYPE = { 'content-type': 'application/json; charset=utf-8' };

function sendProblem(ctx: HttpContext, status: number, detail: string, extensions?: Record<string, unknown>): void {
  writeProblem(ctx.response.raw, problem(status, detail, extensions));
}

/** A body that fails validation: 400, with the field it concerns under `errors`, as ASP.NET's validation problems. */
function sendInputProblem(ctx: HttpContext, read: InputError): void {
  sendProblem(ctx, 400, read.error, read.field === null ? undefined : { errors: { [read.field]: [read.error] } });
}

/**
 * Lists longer than this (in UTF-16 code units of JSON) are streamed; shorter ones are one string, one write
 * (the usual case, and the fastest).
 */
const STREAM_ABOVE = 64 * 1024;

/**
 * Writes a JSON array from the items' JSON, waiting for the socket to drain whenever its buffer is full, so a
 * client that does not read holds the server's memory to one item and the socket's buffer, never the whole
 * list (30 items of 1 MiB each took 1 GB for 8 non-reading sockets when the list was one string). A client
 * that never drains is cut off by the server's write timeout, which ends this loop through 'close'.
 */
async function streamJsonArray(ctx: HttpContext, parts: readonly string[]): Promise<void> {
  const res = ctx.response.raw;
  let length = parts.length + 1; // "[" and "]" and the commas: one byte each
  for (const part of parts) length += Buffer.byteLength(part);
  res.writeHead(200, { 'content-type': JSON_TYPE['content-type'], 'content-length': length });
  let open = true;
  const closed = (): void => {
    open = false;
  };
  res.once('close', closed);
  try {
    for (let i = 0; i < parts.length && open; i++) {
      if (!res.write(i === 0 ? `[${parts[i]}` : `,${parts[i]}`)) await drained(res);
    }
    if (open) res.end(parts.length === 0 ? '[]' : ']');
  } finally {
    res.off('close', closed);
  }
}

/** Resolves when `res` can take more data, or when its connection is gone. */
function drained(res: HttpContext['response']['raw']): Promise<void> {
  return new Promise((resolve) => {
    const done = (): void => {
      res.off('drain', done);
      res.off('close', done);
      resolve();
    };
    res.on('drain', done);
    res.on('close', done);
  });
}

/**
 * Ends the response with `status` and a JSON text: one writeHead with a header object of one shape, no
 * copying of header objects (the hot path of every item answer).
 */
function sendJson(ctx: HttpContext, status: number, json: string): void {
  const res = ctx.response.raw;
  res.writeHead(status, { 'content-type': JSON_TYPE['content-type'], 'content-length': Buffer.byteLength(json) });
  res.end(json);
}

/** A key no item has, written into the GetTodo route's path once: each new item's key then takes its place. */
const KEY_SLOT = 'KeySlotOfTheLocation';
/** Keys the URL encoder writes as they are (every GUID): such a key goes into the path as it is. */
const PLAIN_KEY = /^[A-Za-z0-9\-._~]+$/;

/**
 * The absolute URIs of items (GET api/todo/{id}): the route's path is generated once with KEY_SLOT, and each key
 * is then written into it (generating it by route name through the router on every POST was about 3,500
 * instructions of a POST's 108,000). The same path as generating it each time: the route is plain, a plain key
 * is written as it is, and a slot that does not come back once and as written (a route option that changes
 * paths, such as lowercaseUrls) or a key that needs encoding is generated as before.
 */
class ItemLocations {
  /** The path before and after the key; null until the first call, false when every key is generated. */
  private keyedPath: readonly [before: string, after: string] | false | null = null;

  of(ctx: HttpContext, key: string): string | null {
    if (this.keyedPath === null) {
      const path = new UrlHelper(ctx).routeUrl(GET_TODO_ROUTE, { id: KEY_SLOT });
      const at = path === null ? -1 : path.indexOf(KEY_SLOT);
      this.keyedPath = at >= 0 && path!.indexOf(KEY_SLOT, at + 1) < 0 ? [path!.slice(0, at), path!.slice(at + KEY_SLOT.length)] : false;
    }
    if (this.keyedPath === false || !PLAIN_KEY.test(key)) return new UrlHelper(ctx).link(GET_TODO_ROUTE, { id: key });
    const request = ctx.request;
    const scheme = request.scheme;
    const host = request.host;
    // The URI before the key, kept for the last scheme and host (a client sends the same Host every time): one
    // string joined per POST, not four.
    if (host !== this.lastHost || scheme !== this.lastScheme) {
      this.lastHost = host;
      this.lastScheme = scheme;
      this.beforeKey = `${scheme}://${host}${this.keyedPath[0]}`;
    }
    const after = this.keyedPath[1];
    return after === '' ? this.beforeKey + key : this.beforeKey + key + after;
  }

  private lastHost = '';
  private lastScheme = '';
  private beforeKey = '';
}

/** 201 with an item's JSON and its absolute Location. */
function sendCreated(ctx: HttpContext, locations: ItemLocations, key: string, json: string, headers?: Record<string, string>): void {
  const location = locations.of(ctx, key);
  if (location === null) throw new Error(`The route "${GET_TODO_ROUTE}" cannot generate a link for a new item`);
  const all: Record<string, string | number> = { 'content-type': JSON_TYPE['content-type'], 'content-length': Buffer.byteLength(json), location };
  if (headers !== undefined) for (const name in headers) all[name] = headers[name];
  const res = ctx.response.raw;
  res.writeHead(201, all);
  res.end(json);
}

/** 204 for an item the store replaced, 404 when it had no item with the key. */
function sendUpdated(ctx: HttpContext, id: string, updated: boolean): void {
  if (!updated) return sendProblem(ctx, 404, `No to-do item has the key "${id}".`);
  ctx.response.send(204);
}

/** A store that is full answers 507 (the item is unchanged); any other error goes on to the app's 500. */
function updateFailed(ctx: HttpContext, error: unknown): void {
  if (error instanceof TodoStoreFullError) return sendProblem(ctx, 507, 'The store is full; the item was not changed.');
  throw error;
}

/** The handler of a route whose template is "…/{id}". */
type ItemHandler = RouteRequestHandler<{ id: string }>;

/** Request handlers for the to-do resource; one shared instance, built with the app's repository. */
export class TodoController {
  private readonly idempotent: IdempotentCreator;
  private readonly locations = new ItemLocations();

  constructor(private readonly repository: TodoRepository) {
    this.idempotent = new IdempotentCreator(repository);
  }

  /** GET api/todo: every item; a large list is streamed (see streamJsonArray). */
  readonly getAll: RequestDelegate = async (ctx) => {
    const all = this.repository.getAll();
    const items = all instanceof Promise ? await all : all; // see TodoRepository: await only a promise
    const parts = items.map(todoItemJson);
    let chars = parts.length + 1;
    for (const part of parts) chars += part.length;
    if (chars <= STREAM_ABOVE) return sendJson(ctx, 200, `[${parts.join(',')}]`);
    await streamJsonArray(ctx, parts);
  };

  /** GET api/todo/{id}: one item, or 404. */
  readonly getById: ItemHandler = async (ctx) => {
    const id = ctx.routeData.values.id;
    const found = this.repository.find(id);
    const item = found instanceof Promise ? await found : found;
    if (item === null) return sendProblem(ctx, 404, `No to-do item has the key "${id}".`);
    sendJson(ctx, 200, todoItemJson(item));
  };

  /**
   * POST api/todo: 201 with the created item (a new Key) and its absolute Location. With an Idempotency-Key, a
   * retry gets the first response again (see idempotency.ts).
   */
  readonly create: RouteRequestHandler = (ctx) => readJsonBody(ctx, this.createFrom);

  /**
   * The rest of a POST, once its body is read (readJsonBody's continuation: one function, bound once). Not async,
   * and create not async either: an async function's frame and each await's closures were a fifth of what a POST
   * allocated in our code; the in-memory store answers at once, so only a store's promise is waited for.
   */
  private readonly createFrom = (ctx: HttpContext, body: BodyResult): Promise<void> | void => {
    if (!body.ok) return sendProblem(ctx, body.status, body.detail);
    const read = readTodoInput(body.value);
    if ('error' in read) return sendInputProblem(ctx, read);
    const input = { Name: read.input.Name, IsComplete: read.input.IsComplete };
    // headersDistinct (one array per header, so a repeated key is seen) is built only for a request that has the
    // header: building it for every POST cost more than reading the body's headers.
    const raw = ctx.request.raw;
    const idempotencyKey = raw.headers['idempotency-key'] === undefined ? null : readIdempotencyKey(raw.headersDistinct['idempotency-key']);
    if (idempotencyKey !== null && typeof idempotencyKey === 'object') return sendProblem(ctx, 400, idempotencyKey.error);
    if (idempotencyKey === null) {
      const added = this.repository.add(input);
      if (added instanceof Promise) return added.then((item) => this.sendAdded(ctx, item));
      return this.sendAdded(ctx, added);
    }
    return this.idempotent.add(input, idempotencyKey).then((outcome) => {
      switch (outcome.kind) {
        case 'created':
          return sendCreated(ctx, this.locations, outcome.item.Key, todoItemJson(outcome.item));
        case 'replayed': // the first response, rebuilt: the digest showed this body to be the first one
          return sendCreated(ctx, this.locations, outcome.key, todoItemJson({ Key: outcome.key, ...input }), { 'idempotent-replayed': 'true' });
        case 'mismatch':
          return sendProblem(ctx, 422, 'This Idempotency-Key was used with another body; use a new key for a new item.');
        case 'in-flight':
          return sendProblem(ctx, 409, 'A request with this Idempotency-Key is still being processed; retry once it has answered.');
        case 'full':
          return sendProblem(ctx, 507, 'The store is full; nothing was stored.');
      }
    });
  };

  /** 201 with the item the store added, or 507 when it was full (null). */
  private sendAdded(ctx: HttpContext, item: TodoItem | null): void {
    if (item === null) return sendProblem(ctx, 507, 'The store is full; nothing was stored.');
    sendCreated(ctx, this.locations, item.Key, freshItemJson(item));
  }

  /** PUT api/todo/{id}: checked in this order — 400 (body, Key ≠ id), then 404, else 204. */
  readonly update: ItemHandler = (ctx) => readJsonBody(ctx, this.updateFrom);

  /** The rest of a PUT, once its body is read; not async, as createFrom. */
  private readonly updateFrom = (ctx: RoutedHttpContext<{ id: string }>, body: BodyResult): Promise<void> | void => {
    const id = ctx.routeData.values.id;
    if (!body.ok) return sendProblem(ctx, body.status, body.detail);
    const read = readTodoInput(body.value);
    if ('error' in read) return sendInputProblem(ctx, read);
    if (read.input.Key !== id) return sendProblem(ctx, 400, `The body's Key must equal the id in the path ("${id}").`);
    let updating: Promise<boolean> | boolean;
    try {
      updating = this.repository.update({ Key: id, Name: read.input.Name, IsComplete: read.input.IsComplete });
    } catch (error) {
      return updateFailed(ctx, error);
    }
    if (updating instanceof Promise) return updating.then((updated) => sendUpdated(ctx, id, updated), (error: unknown) => updateFailed(ctx, error));
    sendUpdated(ctx, id, updating);
  };

  /**
   * DELETE api/todo/{id}: 204 whether or not the item existed (DELETE is idempotent). Not async: the in-memory
   * store answers at once, and the router takes a handler's undefined as done (an async function cost a promise).
   */
  readonly remove: ItemHandler = (ctx) => afterBody(ctx, this.removeNow, sendProblem);

  /** The rest of a DELETE, once whatever body it was sent has arrived whole (afterBody). */
  private readonly removeNow: ItemHandler = (ctx) => {
    const removing = this.repository.remove(ctx.routeData.values.id);
    if (removing instanceof Promise) return removing.then(() => ctx.response.send(204));
    ctx.response.send(204);
  };
}
