// Route names are unique in a table, by nameKey (name-key.ts: ignoring case, as ASP.NET's route names are): this
// file is the one place that uniqueness is written. compile(), a live table and the pipeline's RouteCollection keep
// their names in a RoutesByName; the URL generator (which a built router's bundle carries) indexes them by
// nameKey() itself, beside the names as written; all report a name taken twice with duplicateName().
import { RouteCreationError } from '../errors.js';
import { nameKey } from '../name-key.js';

/** The name a route definition gives, or null when it gives none (also for a definition too broken to create: its name still counts). */
export function nameOf(definition: { readonly name?: unknown } | null | undefined): string | null {
  return typeof definition?.name === 'string' ? definition.name : null;
}

/** Whether two route names are the same name. */
export function sameName(a: string, b: string): boolean {
  return nameKey(a) === nameKey(b);
}

/** The error for a route whose name an earlier route already has. */
export function duplicateName(name: string, template: string): RouteCreationError {
  return new RouteCreationError(name, template, `the route name "${name}" is already used by an earlier route (names are case-insensitive)`);
}

/** What each route name belongs to: a Map whose keys are names in any case (a name is found in any case). */
export class RoutesByName<T> extends Map<string, T> {
  override get(name: string): T | undefined {
    return super.get(nameKey(name));
  }

  override has(name: string): boolean {
    return super.has(nameKey(name));
  }

  override set(name: string, value: T): this {
    return super.set(nameKey(name), value);
  }

  override delete(name: string): boolean {
    return super.delete(nameKey(name));
  }
}
