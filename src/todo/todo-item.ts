// TodoItem: the resource, its JSON shape (exactly Key, Name, IsComplete), and validation of request bodies.

/** A to-do item as stored and as sent on the wire. */
export interface TodoItem {
  readonly Key: string;
  readonly Name: string | null;
  readonly IsComplete: boolean;
}

/** The fields a client sent, validated; Key may be absent (the service assigns it on create). */
export interface TodoInput {
  readonly Key: string | null;
  readonly Name: string | null;
  readonly IsComplete: boolean;
}

/** Validates a parsed JSON body: an object whose known fields have the right types; unknown fields are ignored. */
export function readTodoInput(body: unknown): { input: TodoInput } | { error: string } {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return { error: 'The body must be a JSON object with the fields Key, Name and IsComplete.' };
  }
  // Only own properties: "__proto__" or "constructor" keys in the JSON can change nothing.
  const field = (name: string): unknown => (Object.hasOwn(body, name) ? (body as Record<string, unknown>)[name] : undefined);
  const key = field('Key');
  const name = field('Name');
  const isComplete = field('IsComplete');
  if (key !== undefined && key !== null && typeof key !== 'string') return { error: 'Key must be a string.' };
  if (name !== undefined && name !== null && typeof name !== 'string') return { error: 'Name must be a string or null.' };
  if (isComplete !== undefined && typeof isComplete !== 'boolean') return { error: 'IsComplete must be true or false.' };
  return { input: { Key: key ?? null, Name: name ?? null, IsComplete: isComplete ?? false } };
}

// Stored items are immutable (an update stores a new object), so each one's JSON is written once, when it is
// stored, and kept on the item under a symbol: not enumerable, so the item still has exactly three fields.
// (A WeakMap cost an ephemeron per item, which the garbage collector pays for on every cycle.)
const ITEM_JSON: unique symbol = Symbol('switchyard.todo.json');

/** The JSON of an item, with the property names and order of the API. */
function writeItemJson(item: TodoItem): string {
  return `{"Key":${JSON.stringify(item.Key)},"Name":${item.Name === null ? 'null' : JSON.stringify(item.Name)},"IsComplete":${item.IsComplete === true}}`;
}

/** A stored item: frozen, its JSON written once. */
export function storedItem(key: string, name: string | null, isComplete: boolean): TodoItem {
  const item = { Key: key, Name: name, IsComplete: isComplete };
  Object.defineProperty(item, ITEM_JSON, { value: writeItemJson(item) });
  return Object.freeze(item);
}

/** JSON for one item; a stored item's is ready, any other item's is written now. */
export function todoItemJson(item: TodoItem): string {
  return (item as TodoItem & { [ITEM_JSON]?: string })[ITEM_JSON] ?? writeItemJson(item);
}
