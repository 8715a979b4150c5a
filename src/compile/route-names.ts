// Route names are unique in a table, ignoring case (as ASP.NET's route names are): this file is the one place
// that rule is written. compile(), a live table, the URL generator and the pipeline's RouteCollection all keep
// their names in a RouteNames and report a name taken twice with duplicateName().
import { RouteCreationError } from '../errors.js';

/** The name a route definition gives, or null when it gives none (also for a definition too broken to create: its name still counts). */
export function nameOf(definition: { readonly name?: unknown } | null | undefined): string | null {
  return typeof definition?.name === 'string' ? definition.name : null;
}

/** Whether two route names are the same name (they differ in case at most). */
export function sameName(a: string, b: string): boolean {
  return a.toLowerCase() === b.toLowerCase();
}

/** The error for a route whose name an earlier route already has. */
export function duplicateName(name: string, template: string): RouteCreationError {
  return new RouteCreationError(name, template, `the route name "${name}" is already used by an earlier route (names are case-insensitive)`);
}

/** What each route name belongs to, found in any case. */
export class RouteNames<T> {
  private readonly byKey = new Map<string, T>();

  get size(): number {
    return this.byKey.size;
  }

  /** What has this name, in any case. */
  get(name: string): T | undefined {
    return this.byKey.get(name.toLowerCase());
  }

  has(name: string): boolean {
    return this.byKey.has(name.toLowerCase());
  }

  set(name: string, value: T): void {
    this.byKey.set(name.toLowerCase(), value);
  }

  delete(name: string): void {
    this.byKey.delete(name.toLowerCase());
  }
}
