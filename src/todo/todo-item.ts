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
  // Own properties only ("__proto__" or "constructor" in the JSON can change nothing), any case.
  const fields: Record<string, unknown> = { key: undefined, name: undefined, iscomplete: undefined };
  for (const property of Object.keys(body)) {
    const lower = property.toLowerCase();
    if (Object.hasOwn(fields, lower)) fields[lower] = (body as Record<string, unknown>)[property];
  }
  const { key, name, iscomplete: isComplete } = fields;
  if (key !== undefined && key !== null && typeof key !== 'string') return { error: 'Key must be a string.', field: 'Key' };
  if (name !== undefined && name !== null && typeof name !== 'string') return { error: 'Name must be a string or null.', field: 'Name' };
  if (isComplete !== undefined && typeof isComplete !== 'boolean') return { error: 'IsComplete must be true or false.', field: 'IsComplete' };
  for (const [field, text] of [['Key', key], ['Name', name]] as const) {
    const problem = typeof text === 'string' ? unstorable(text) : null;
    if (problem !== null) return { error: `${field} ${problem}.`, field };
  }
  return { input: { Key: (key as string | null | undefined) ?? null, Name: (name as string | null | undefined) ?? null, IsComplete: (isComplete as boolean | undefined) ?? false } };
}

/** Why no store can keep `text` exactly, or null when every store can. */
function unstorable(text: string): string | null {
  if (text.includes('\0')) return 'must not contain U+0000 (the NUL character)';
  if (!text.isWellFormed()) return 'must be well-formed Unicode text (it has a lone surrogate)';
  return null;
}

// Stored items are immutable (an update stores a new object), so each one's JSON is written once, when it is
// stored, and kept in a private field: not a property, so the item still has exactly three fields, a spread copy
// does not carry it, and storing costs no defineProperty (a slow runtime call; a WeakMap cost an ephemeron per
// item, which the garbage collector pays for on every cycle).
class StoredItem implements TodoItem {
  readonly Key: string;
  readonly Name: string | null;
  readonly IsComplete: boolean;
  readonly #json: string;

  constructor(key: string, name: string | null, isComplete: boolean) {
    this.Key = key;
    this.Name = name;
    this.IsComplete = isComplete;
    this.#json = writeItemJson(this);
    Object.freeze(this);
  }

  /** The JSON written when `item` was stored, or undefined for an item that was not. */
  static jsonOf(item: TodoItem): string | undefined {
    return #json in item ? (item as StoredItem).#json : undefined;
  }
}

/** The JSON of an item, with the property names and order of the API. */
function writeItemJson(item: TodoItem): string {
  return `{"Key":${JSON.stringify(item.Key)},"Name":${item.Name === null ? 'null' : JSON.stringify(item.Name)},"IsComplete":${item.IsComplete === true}}`;
}

/** A stored item: frozen, its JSON written once. */
export function storedItem(key: string, name: string | null, isComplete: boolean): TodoItem {
  return new StoredItem(key, name, isComplete);
}

/** JSON for one item; a stored item's is ready, any other item's is written now. */
export function todoItemJson(item: TodoItem): string {
  return StoredItem.jsonOf(item) ?? writeItemJson(item);
}
