// group(): routes that share a prefix, a name prefix, middleware, defaults and constraints (ASP.NET's
// MapGroup), for plain route definitions. A pure function: the result is the same flat, ordered table written
// out (first match wins is unchanged), so compile(), explain, lint, the inspector and OpenAPI see the full
// templates. Groups nest: a group's routes may be another group's result.
import { RouteCreationError } from '../errors.js';
import { nameKey } from '../name-key.js';
import { mergeByName, type MergedByName } from '../route-values.js';
import type { ConstraintSpec } from '../constraints/registry.js';
import type { JoinTemplates } from '../template/template-types.js';
import { parseTemplate } from '../template/parser.js';
import type { RouteDefinition } from './route-definition.js';
import { unknownKeys } from './unknown-keys.js';

/** What the routes of a group share. */
export interface GroupOptions<Prefix extends string = string, NamePrefix extends string = string, Defaults = Readonly<Record<string, unknown>>, Middleware = unknown> {
  /** A template prepended to each route's: "tenants/{tenant:int}" + "users/{id}" → "tenants/{tenant:int}/users/{id}". */
  readonly prefix?: Prefix;
  /** Prepended to each route's name: "admin." + "users" → "admin.users" (a route without a name keeps none). */
  readonly name?: NamePrefix;
  /** Run before each route's own middleware, in order (in an adapter: the framework's middleware). */
  readonly middleware?: readonly Middleware[] | null;
  /** Defaults for every route; a route's own default for the same key wins. */
  readonly defaults?: Defaults | null;
  /** Constraints for the routes that have the value (a parameter or a default); a route's own for the same key wins. */
  readonly constraints?: Readonly<Record<string, ConstraintSpec | readonly ConstraintSpec[]>> | null;
}

/** The keys of a group's options. */
const GROUP_KEYS: readonly string[] = /* @__PURE__ */ Object.keys({ prefix: true, name: true, middleware: true, defaults: true, constraints: true } satisfies Record<keyof GroupOptions, true>);

/** A route definition a group takes: with middleware, as the adapters run it. */
type Groupable = RouteDefinition & { readonly middleware?: readonly unknown[] | null };

type NameOf<R> = R extends { readonly name: infer N extends string } ? N : null;
type TemplateOf<R> = R extends { readonly template: infer T extends string } ? T : string;
type DefaultsOf<R> = R extends { readonly defaults: infer D extends object } ? D : {};

/** A route of a group as the group gives it: its template, name and defaults with the group's. */
export type GroupedRoute<R, Prefix extends string, NamePrefix extends string, Defaults> = Omit<R, 'template' | 'name' | 'defaults'> & {
  readonly template: JoinTemplates<Prefix, TemplateOf<R>>;
  readonly name: NameOf<R> extends string ? `${NamePrefix}${NameOf<R>}` : null;
  readonly defaults: MergedByName<Defaults, DefaultsOf<R>>;
};

/** "api" + "items/{id}" → "api/items/{id}" (one "/" between; either may be empty; a route's leading "/" or "~/" dropped). */
function joinTemplates(prefix: string, template: string): string {
  const head = prefix.replace(/\/+$/, '');
  const tail = template.replace(/^~?\/+/, '');
  return head === '' ? tail : tail === '' ? head : `${head}/${tail}`;
}

/**
 * The routes with the group's prefix, name prefix, middleware, defaults and constraints, in their order. A
 * parameter the prefix and a route both name is an error naming both; so is a malformed prefix.
 */
export function group<const Prefix extends string = '', const NamePrefix extends string = '', const Defaults extends object = {}, const Routes extends readonly Groupable[] = readonly Groupable[]>(
  options: GroupOptions<Prefix, NamePrefix, Defaults>,
  routes: Routes,
): { readonly [K in keyof Routes]: GroupedRoute<Routes[K], Prefix, NamePrefix, Defaults> };
export function group(options: GroupOptions<string, string, Readonly<Record<string, unknown>>>, routes: readonly Groupable[]): readonly Groupable[] {
  if (typeof options !== 'object' || options === null) throw new TypeError('group: the first argument is the group\'s options, such as { prefix: "admin" }');
  if (!Array.isArray(routes)) throw new TypeError('group: the second argument is the list of the group\'s routes');
  const [unknown] = unknownKeys(options, GROUP_KEYS, 'a group');
  if (unknown !== undefined) throw new TypeError(`group: ${unknown}`);
  const prefix = options.prefix ?? '';
  const namePrefix = options.name ?? '';
  if (typeof prefix !== 'string') throw new TypeError(`group: the prefix must be a string, got ${typeof prefix}`);
  if (typeof namePrefix !== 'string') throw new TypeError(`group: the name prefix must be a string, got ${typeof namePrefix}`);
  const shared = options.middleware ?? [];
  if (!Array.isArray(shared)) throw new TypeError(`group "${prefix}": middleware must be a list of functions, got ${typeof shared}`);
  const parsed = parseTemplate(prefix.replace(/\/+$/, '')); // a malformed prefix: TemplateParseError, with its position
  const catchAll = parsed.parameters.find((p) => p.isCatchAll);
  if (catchAll !== undefined) throw new RouteCreationError(null, prefix, `a group's prefix cannot hold the catch-all parameter "${catchAll.name}": routes follow it`);
  const prefixNames = new Map(parsed.parameters.map((p) => [nameKey(p.name), p.name]));
  return routes.map((route) => {
    if (typeof route !== 'object' || route === null || typeof route.template !== 'string') return route; // compile() says what is wrong
    const template = joinTemplates(prefix, route.template);
    const name = route.name == null ? route.name : namePrefix + route.name;
    const own = prefixNames.size > 0 || options.constraints ? parseTemplate(route.template.replace(/^~?\/+/, '')).parameters : [];
    for (const p of own) {
      const repeated = prefixNames.get(nameKey(p.name));
      if (repeated !== undefined) {
        throw new RouteCreationError(name ?? null, template, `the parameter "${p.name}" of the route's template "${route.template}" is already a parameter of the group's prefix "${prefix}" ("${repeated}")`);
      }
    }
    const grouped: RouteDefinition & { middleware?: readonly unknown[] | null } = { ...route, template, name };
    if (options.defaults) grouped.defaults = mergeByName(options.defaults, route.defaults);
    if (options.constraints) {
      // A group's constraint binds the routes that have its value (a parameter or a default): on a route without
      // it, a constraint would refuse every request.
      const has = new Set([...prefixNames.keys(), ...own.map((p) => nameKey(p.name)), ...Object.keys(grouped.defaults ?? {}).map(nameKey)]);
      const applying = Object.entries(options.constraints).filter(([key]) => has.has(nameKey(key)));
      if (applying.length > 0) grouped.constraints = mergeByName(Object.fromEntries(applying), route.constraints);
    }
    if (shared.length > 0) grouped.middleware = [...shared, ...(route.middleware ?? [])];
    if (route.name === undefined) delete grouped.name;
    return grouped;
  });
}
