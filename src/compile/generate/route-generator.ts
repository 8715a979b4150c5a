// URL generation for one route, ASP.NET's TemplateBinder in two steps: getValues decides which values the URL
// uses (explicit, ambient, defaults), the constraints check them, and bindValues writes the path and query
// (binder.ts). Everything that depends only on the route is prepared once, in createRouteGenerator; a call
// does only the per-request work, and a plain route's (plain-route.ts) skips the binder.
import type { RouteConstraint } from '../../constraints/route-constraint.js';
import { routePartsEqual } from '../../route-values.js';
import type { RouteEntry } from '../route-entry.js';
import { bindParts, bindPath, combineValues, getParameterValues, methodAllows, parameterInfos, type GenerationRequest } from './binder.js';
import { bindPlain, plainPieces } from './plain-route.js';
import { buildQuery } from './query-string.js';
import { MISSING } from './value-bag.js';
import { nameKey } from '../../name-key.js';

/** Generates this route's path + query for a request, or null when the route cannot. */
export type RouteGenerator = (request: GenerationRequest) => string | null;

/** Prepares the generator of one route. */
export function createRouteGenerator(entry: RouteEntry): RouteGenerator {
  const parameters = parameterInfos(entry);
  const parameterSet = new Set(parameters.map((p) => p.lower));
  const parameterNames = new Set(parameters.map((p) => p.name));
  const { defaults, constraintKeys, methodSet } = entry.plan;
  const defaultNames = new Set(Object.keys(defaults));
  const defaultKeys = new Set(Object.keys(defaults).map(nameKey));
  // A default with no parameter is a filter on explicit values.
  const filters = Object.entries(defaults)
    .filter(([key]) => !parameterSet.has(nameKey(key)))
    .map(([key, value]) => ({ key, lower: nameKey(key), value }));
  const segments = bindParts(entry, parameters);
  const constraintList: readonly RouteConstraint[] = entry.plan.constraintList;
  const route = entry.route;
  const plain = plainPieces(entry, parameters, segments);
  const queryOf = (request: GenerationRequest): string =>
    request.values.keys.length > 0 ? buildQuery(request.values, parameterNames, parameterSet, defaultNames, defaultKeys) : '';

  return (request) => {
    if (plain !== null && request.ambient === null) {
      const path = bindPlain(plain, parameters, request.values);
      if (path !== undefined) {
        if (path === null || !methodAllows(methodSet, request)) return null;
        return path + queryOf(request);
      }
    }
    const slots = getParameterValues(parameters, request);
    if (slots === null) return null;

    // Filters: an explicit value for a non-parameter default must equal it.
    for (const filter of filters) {
      const value = request.values.get(filter.key, filter.lower);
      if (value !== MISSING && !routePartsEqual(value, filter.value)) return null;
    }

    if (!methodAllows(methodSet, request)) return null;

    // The values the constraints see: accepted values, then ambient values that match no parameter.
    if (constraintKeys.length > 0) {
      const combined = combineValues(parameters, slots, request, parameterSet);
      for (let i = 0; i < constraintKeys.length; i++) {
        if (!constraintList[i].match(request.httpContext, route, constraintKeys[i], combined, 'generation')) return null;
      }
    }

    const path = bindPath(segments, parameters, slots);
    if (path === null) return null;
    return (path.charCodeAt(0) === 47 ? path : '/' + path) + queryOf(request);
  };
}
