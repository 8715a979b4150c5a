// URL generation over a live table: url-generator.ts's answers (by name, or each route in order), with each
// route's generator kept on the route itself, so that it survives the inserts and removes that move the route.
import type { RouteValues } from '../../route-values.js';
import type { GenerationRequest } from '../generate/binder.js';
import { createDirectGenerator } from '../generate/plain-route.js';
import { createRouteGenerator, type RouteGenerator } from '../generate/route-generator.js';
import { normalizeVirtualPath, type UrlOptions } from '../generate/normalize-path.js';
import { generationRequestOf, type GeneratedPath, type UrlGenerator } from '../generate/url-generator.js';
import type { RouteEntry } from '../route-entry.js';
import type { LiveTable, Slot } from './live-table.js';

/** A route's generators, made on first use (undefined: not made yet; a null direct one: the route has none). */
interface Generation {
  generator?: RouteGenerator;
  direct?: ((values: RouteValues) => string | undefined) | null;
}

const generationOf = (slot: Slot): Generation => (slot.generation ??= {}) as Generation;

/** URL generation from the table's current routes. */
export function createLiveUrlGenerator(table: LiveTable, options: UrlOptions): UrlGenerator {
  const normalize = (path: string): string => normalizeVirtualPath(path, options);
  const generateAt = (slot: Slot, request: GenerationRequest): string | null => {
    const state = generationOf(slot);
    const path = (state.generator ??= createRouteGenerator(slot.entry))(request);
    return path === null ? null : normalize(path);
  };
  const found = (slot: Slot, path: string | null): GeneratedPath | null => {
    if (path === null) return null;
    const route = table.positioned(slot).route;
    return { path, route, dataTokens: route.dataTokens };
  };
  return {
    requestOf: generationRequestOf,
    routeNamed(name) {
      const slot = table.named(name);
      return slot === undefined ? undefined : table.positioned(slot);
    },
    generateWith: (entry: RouteEntry, request) => generateAt(table.slotAt(entry.route.index), request),
    generate(values, generateOptions) {
      const routeName = generateOptions.routeName;
      const named = routeName !== undefined && routeName !== null && routeName !== '';
      const slot = named ? table.named(routeName) : undefined;
      if (named && slot === undefined) return null;
      // The shortcut for the name as written, as url-generator.ts takes it.
      if (slot !== undefined && slot.entry.route.name === routeName && !generateOptions.ambientValues && values) {
        const state = generationOf(slot);
        if (state.direct === undefined) state.direct = createDirectGenerator(slot.entry);
        const path = state.direct ? state.direct(values) : undefined;
        if (path !== undefined) return found(slot, normalize(path));
      }
      const request = generationRequestOf(values, generateOptions);
      if (slot !== undefined) return found(slot, generateAt(slot, request));
      for (const each of table.slots()) {
        const path = generateAt(each, request);
        if (path !== null) return found(each, path);
      }
      return null;
    },
  };
}
