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

/** What is wrong with a body: the message, and the field it concerns (for the problem's `errors`). */
export interface InputError {
  readonly error: string;
  readonly field: 'Key' | 'Name' | 'IsComplete' | null;
}

/**
 * Validates a parsed JSON body: an object whose known fields have the right types. Property names are matched
 * ignoring case, as ASP.NET binds JSON (the tutorials' clients send "name" and "isComplete"); when a name
 * appears in several cases the last one wins, as in System.Text.Json; unknown properties are ignored. Text a
 * store cannot keep exactly — U+0000 (PostgreSQL's text has no NUL) and lone surrogates (not Unicode text) —
 * is refused on every store alike, so no store changes or drops what another keeps.
 */
export function readTodoInput(body: unknown): { input: TodoInput } | InputError {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return { error: 'The body must be a JSON object with the fields Key, Name and IsComplete.', field: null };
  }
  // Own properties only ("__proto__" or "constructor" in the JSON can change nothing), any case; the names as
  // the API spells them first, without lower-casing (a new string per property). for…in with Object.hasOwn
  // visits the own properties in Object.keys' order without building its array.
  let key: unknown;
  let name: unknown;
  let isComplete: unknown;
  for (const property in body) {
    if (!Object.hasOwn(body, property)) continue;
    const value = (body as Record<string, unknown>)[property];
    switch (property) {
      case 'Key':
        key = value;
        continue;
      case 'Name':
        name = value;
        continue;
      case 'IsComplete':
        isComplete = value;
        continue;
    }
    switch (property.toLowerCase()) {
      case 'key':
        key = value;
        break;
      case 'name':
        name = value;
        break;
      case 'iscomplete':
        isComplete = value;
        break;
    }
  }
  if (key !== undefined && key !== null && typeof key !== 'string') return { error: 'Key must be a string.', field: 'Key' };
  if (name !== undefined && name !== null && typeof name !== 'string') return { error: 'Name must be a string or null.', field: 'Name' };
  if (isComplete !== undefined && typeof isComplete !== 'boolean') return { error: 'IsComplete must be true or false.', field: 'IsComplete' };
  const keyProblem = typeof key === 'string' ? unstorable(key) : null;
  if (keyProblem !== null) return { error: `Key ${keyProblem}.`, field: 'Key' };
  const nameProblem = typeof name === 'string' ? unstorable(name) : null;
  if (nameProblem !== null) return { error: `Name ${nameProblem}.`, field: 'Name' };
  return { input: { Key: (key as string | null | undefined) ?? null, Name: (name as string | null | undefined) ?? null, IsComplete: (isComplete as boolean | undefined) ?? false } };
}

/** Why no store can keep `text` exactly, or null when every store can. */
function unstorable(text: string): string | null {
  if (text.includes('\0')) return 'must not contain U+0000 (the NUL character)';
  if (!text.isWellFormed()) return 'must be well-formed Unicode text (it has a lone surrogate)';
  return null;
}

// Stored items are immutable (an update stores a new object), so each one's JSON is written once, on its first
// read, and kept in a private field: not a property, so the item still has exactly three fields and a spread
// copy does not carry it; and a private field can be set on a frozen object. Not when stored: a POST answers
// with JSON written for the answer, and an item nobody reads takes no memory for its JSON (a store filled by
// POSTs kept twice the bytes, and the garbage collector promoted and marked them). Not Object.defineProperty
// (a slow runtime call per item) nor a WeakMap (an ephemeron per item, paid for on every GC cycle).
class StoredItem implements TodoItem {
  readonly Key: string;
  readonly Name: string | null;
  readonly IsComplete: boolean;
  #json: string | undefined = undefined;
  /** The bytes the in-memory store counted for it, or -1: kept so that replacing or removing it need not count again. */
  readonly #bytes: number;

  constructor(key: string, name: string | null, isComplete: boolean, bytes: number) {
    this.Key = key;
    this.Name = name;
    this.IsComplete = isComplete;
    this.#bytes = bytes;
    Object.freeze(this);
  }

  /** The bytes given when it was stored; undefined for an item that was not stored, or stored without them. */
  static bytesOf(item: TodoItem): number | undefined {
    if (!(#bytes in item)) return undefined;
    const bytes = (item as StoredItem).#bytes;
    return bytes < 0 ? undefined : bytes;
  }

  /** The item's JSON, written on the first call and kept; undefined for an item that was not stored. */
  static jsonOf(item: TodoItem): string | undefined {
    if (!(#json in item)) return undefined;
    const stored = item as StoredItem;
    return (stored.#json ??= writeItemJson(stored));
  }
}

/** The JSON of an item, with the property names and order of the API. */
function writeItemJson(item: TodoItem): string {
  const key = item.Key;
  const name = item.Name;
  const tail = item.IsComplete === true ? ',"IsComplete":true}' : ',"IsComplete":false}';
  // The usual item (nothing to escape) joined from five pieces, its quotes inside the constant ones: each join is a
  // string on the heap, and quoting a field on its own cost two more.
  if (JSON_ESCAPED.test(key) || (name !== null && JSON_ESCAPED.test(name))) {
    return `{"Key":${JSON.stringify(key)},"Name":${name === null ? 'null' : JSON.stringify(name)}${tail}`;
  }
  return name === null ? '{"Key":"' + key + '","Name":null' + tail : '{"Key":"' + key + '","Name":"' + name + '"' + tail;
}

/** What JSON.stringify escapes in a string (quote, backslash, control characters) and any surrogate (a lone one is escaped). */
export const JSON_ESCAPED = /["\\\u0000-\u001f\ud800-\udfff]/;

/** A stored item: frozen, its JSON written once, when first read (todoItemJson); `bytes`, if given, its size in the store. */
export function storedItem(key: string, name: string | null, isComplete: boolean, bytes = -1): TodoItem {
  return new StoredItem(key, name, isComplete, bytes);
}

/** The size a stored item was stored with (storedItem's `bytes`), or undefined. */
export function storedBytes(item: TodoItem): number | undefined {
  return StoredItem.bytesOf(item);
}

/** JSON for one item; a stored item's is kept from its first read, any other item's is written now. */
export function todoItemJson(item: TodoItem): string {
  return StoredItem.jsonOf(item) ?? writeItemJson(item);
}

/** JSON for one item, not kept on it: for an answer that is sent once (a created item). */
export function freshItemJson(item: TodoItem): string {
  return writeItemJson(item);
}
