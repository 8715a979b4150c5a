// A route as a router hands it out (CompiledRoute), frozen. Its identity is its place in its router's order: its
// index is read from that place when asked (a compiled table's fixed index, or its position in a live table now),
// so a change re-creates no route object: a route handed out before an insert is the same object after it, and
// says its new index.
import type { RouteTemplate } from '../template/ast.js';
import type { RouteConstraint } from '../constraints/route-constraint.js';
import type { RouteValues } from '../route-values.js';

/** A route after compile(): what match() and generate() hand back (made here for compile(); frozen plain objects for a built module). */
export interface CompiledRoute {
  /**
   * Position in the collection: first match wins by this order. Read when asked: after a live table's change, the
   * same route object says its new position.
   */
  readonly index: number;
  readonly name: string | null;
  /** The template text as given. */
  readonly template: string;
  readonly parsedTemplate: RouteTemplate;
  readonly defaults: Readonly<RouteValues>;
  readonly dataTokens: Readonly<Record<string, unknown>>;
  /** Upper-cased allowed methods, or null for any method. */
  readonly methods: readonly string[] | null;
  /** The resolved constraints by route value name (inline and given), as matching runs them. */
  readonly constraints: ReadonlyMap<string, RouteConstraint>;
  readonly handler: unknown;
  /** Only for generating links: it never matches a request. */
  readonly generationOnly: boolean;
}

/**
 * What makes a route object of its fields: by default (a table that never changes, a built module's) the fields
 * frozen, its index for good; compile() makes its routes with compiled-route.ts's createRoute, whose index follows
 * the route through a live table's changes.
 */
export type RouteFactory = (fields: CompiledRoute) => CompiledRoute;

/** A list that changes (a live table's order, live/route-order.ts): an item's position, and whether one still holds. */
export interface RouteList<Item> {
  readonly version: number;
  positionOf(item: Item): number;
  /** Whether `position`, read at `version`, is still the item's position (no change since moved it). */
  isCurrent(position: number, version: number): boolean;
}

let INDEX: PropertyDescriptor;
let setPlace: (route: Route, list: RouteList<object> | null, item: object | null, index: number) => void;

/** The one class of route objects (the interface CompiledRoute is what callers see). */
class Route implements CompiledRoute {
  // Private: a route's place is the router's to say, never the caller's to change (the object is frozen). `#index`
  // is the fixed index, or the position last read from `#list`, at its `#version`.
  #index: number;
  #list: RouteList<object> | null = null;
  #item: object | null = null;
  #version = 0;
  declare readonly index: number;
  declare readonly name: string | null;
  declare readonly template: string;
  declare readonly parsedTemplate: RouteTemplate;
  declare readonly defaults: Readonly<RouteValues>;
  declare readonly dataTokens: Readonly<Record<string, unknown>>;
  declare readonly methods: readonly string[] | null;
  declare readonly constraints: ReadonlyMap<string, RouteConstraint>;
  declare readonly handler: unknown;
  declare readonly generationOnly: boolean;

  constructor(fields: CompiledRoute) {
    this.#index = fields.index;
    // index first, an own enumerable property as the fields are: a spread, JSON and a deep equality see it.
    Object.defineProperty(this, 'index', INDEX);
    this.name = fields.name;
    this.template = fields.template;
    this.parsedTemplate = fields.parsedTemplate;
    this.defaults = fields.defaults;
    this.dataTokens = fields.dataTokens;
    this.methods = fields.methods;
    this.constraints = fields.constraints;
    this.handler = fields.handler;
    this.generationOnly = fields.generationOnly;
    Object.freeze(this);
  }

  static {
    // The one accessor every route shares (one function: the routes keep one hidden class).
    INDEX = {
      enumerable: true,
      get(this: Route): number {
        const list = this.#list;
        if (list !== null && !list.isCurrent(this.#index, this.#version)) {
          this.#index = list.positionOf(this.#item!);
          this.#version = list.version;
        }
        return this.#index;
      },
    };
    setPlace = (route, list, item, index) => {
      route.#list = list;
      route.#item = item;
      route.#index = index;
      route.#version = list === null ? 0 : list.version;
    };
  }
}

/** A new route object at `index`: compile()'s RouteFactory (route-entry.ts), for routes a live table may move. */
export const createRoute: RouteFactory = (fields) => new Route(fields);

/**
 * The route's index is from now on `item`'s position in `list` (a live table places each route it holds), or, with
 * `list` null, `index` for good (a route removed keeps the index it last had).
 */
export function placeRoute<Item extends object>(route: CompiledRoute, list: RouteList<Item> | null, item: Item | null, index: number): void {
  setPlace(route as Route, list as RouteList<object> | null, item, index);
}

/**
 * A frozen copy of a route at another index, for what must name it so while the route moves on: a live partition's
 * matcher (its code compares routes by their places in the partition) and an answer of matches() read after a
 * change (it names the route as it stood at the call). Never a router's route: those are never re-created.
 */
export function routeAt(route: CompiledRoute, index: number): CompiledRoute {
  return Object.freeze({ ...route, index });
}
