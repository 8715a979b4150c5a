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

// Stored items are immutable (an update stores a new object), so each one's JSON is written once.
const jsonOf = new WeakMap<TodoItem, string>();

/** JSON for one item, with the property names and order of the API; computed once per stored item. */
export function todoItemJson(item: TodoItem): string {
  let json = jsonOf.get(item);
  if (json === undefined) {
    json = `{"Key":${JSON.stringify(item.Key)},"Name":${item.Name === null ? 'null' : JSON.stringify(item.Name)},"IsComplete":${item.IsComplete === true}}`;
    if (Object.isFrozen(item)) jsonOf.set(item, json); // only objects that cannot change under the cache
  }
  return json;
}
