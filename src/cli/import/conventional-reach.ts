// What an ASP.NET Core conventional route reaches. Endpoint routing does not match a conventional route and then
// look for a controller: it makes the route one endpoint per action it can reach (an action that exists, has no
// attribute route, and whose area, controller and action the route can hold), limited to the action's verbs. A
// request for an unknown controller, or for an attribute-routed action, is not taken by the route: it goes on to
// the next one, and ends in a 404 (or a 405 where only the verb differs). The import writes the same: one route
// per controller and verbs, accepting exactly those actions (exact, case-insensitive constraints, as ASP.NET
// compares route values ignoring case).
import { formatTemplate, parseTemplate } from '../../index.js';
import { constraintAccepts, escapeRegex, regexConstraint, shortText, type Finding, type ImportedRoute } from './imported-route.js';

/** An action of a controller of the sources, with the route values ASP.NET gives it. */
export interface ControllerAction {
  readonly area: string | null;
  readonly controller: string;
  readonly action: string;
  /** The verbs its attributes without a template limit it to ([HttpPost]); null: any. */
  readonly methods: readonly string[] | null;
  /** Whether it has an attribute route (then no conventional route reaches it). */
  readonly attributeRouted: boolean;
  readonly file: string;
  readonly line: number;
}

const KEYS = ['area', 'controller', 'action'] as const;

const equalIgnoringCase = (a: string, b: string): boolean => a.toLowerCase() === b.toLowerCase();
/** The route value of ControllerAction that `key` names (area, controller or action, in any case), or undefined. */
const fieldOf = (key: string): (typeof KEYS)[number] | undefined => KEYS.find((k) => equalIgnoringCase(k, key));
const keyOf = (record: Readonly<Record<string, unknown>> | null | undefined, key: string): string | undefined => Object.keys(record ?? {}).find((k) => equalIgnoringCase(k, key));

/** The values some action has for `key` (area, controller or action), each once ignoring case: what ASP.NET's `exists` accepts. */
export function knownValues(actions: readonly ControllerAction[], key: string): string[] {
  const field = fieldOf(key);
  const values = new Map<string, string>();
  if (field === undefined) return [];
  for (const a of actions) {
    const value = a[field];
    if (value !== null && value !== '' && !values.has(value.toLowerCase())) values.set(value.toLowerCase(), value);
  }
  return [...values.values()];
}

/** An anchored alternation of literals, as a constraint string ("(?!)" when there are none: no value passes). */
export function oneOf(values: readonly string[]): string {
  const exact = regexConstraint(values.length === 0 ? '(?!)' : values.map(escapeRegex).join('|'));
  return 'value' in exact ? exact.value : '(?!)';
}

/**
 * The routes an ASP.NET Core conventional route is, given the actions of the sources: one per (area, controller,
 * verbs) it reaches, those limited to verbs first (ASP.NET prefers an endpoint whose verbs are given). A named
 * route reaching several is kept too, for links only, with its name. Reaching none, only that copy is kept.
 */
export function conventionalReach(route: ImportedRoute, actions: readonly ControllerAction[], findings: Finding[]): ImportedRoute[] {
  const { definition } = route;
  let template;
  try {
    template = parseTemplate(definition.template);
  } catch {
    return [route]; // compiling it says why
  }
  const parameters = template.parameters.map((p) => p.name);
  const parameterOf = (key: string): string | undefined => parameters.find((p) => equalIgnoringCase(p, key));
  const accepts = (a: ControllerAction): boolean => {
    for (const key of KEYS) {
      const value = a[key];
      const parameter = parameterOf(key);
      if (parameter !== undefined) {
        // A parameter cannot hold an empty required value; a constraint of the route must accept the value.
        if (value === null) return false;
        const constraintKey = keyOf(definition.constraints, key);
        const constraint = constraintKey === undefined ? undefined : definition.constraints?.[constraintKey];
        if (!constraintAccepts(constraint, value)) return false;
      } else {
        // Not in the template: the route's default must be the action's value (none for an action without an area).
        const defaultKey = keyOf(definition.defaults, key);
        const given = defaultKey === undefined ? null : definition.defaults?.[defaultKey];
        if (value === null ? given !== null && given !== undefined && given !== '' : typeof given !== 'string' || !equalIgnoringCase(given, value)) return false;
      }
    }
    return definition.methods === undefined || a.methods === null || a.methods.some((m) => definition.methods!.includes(m));
  };
  const reached = actions.filter((a) => !a.attributeRouted && accepts(a));

  const groups = new Map<string, { area: string | null; controller: string; methods: readonly string[] | null; actions: string[] }>();
  for (const a of reached) {
    const methods = a.methods === null ? null : definition.methods === undefined ? a.methods : a.methods.filter((m) => definition.methods!.includes(m));
    const key = JSON.stringify([a.area?.toLowerCase() ?? null, a.controller.toLowerCase(), methods === null ? null : [...methods].sort()]);
    const group = groups.get(key) ?? { area: a.area, controller: a.controller, methods, actions: [] };
    if (!group.actions.some((name) => equalIgnoringCase(name, a.action))) group.actions.push(a.action);
    groups.set(key, group);
  }
  const ordered = [...groups.values()].sort((a, b) => Number(a.methods === null) - Number(b.methods === null));

  const { name, ...unnamed } = definition;
  const routes: ImportedRoute[] = ordered.map((group) => {
    const constraints: Record<string, string> = { ...(definition.constraints as Record<string, string> | undefined) };
    const values: Record<string, readonly string[]> = { area: group.area === null ? [] : [group.area], controller: [group.controller], action: group.actions };
    for (const key of KEYS) {
      const parameter = parameterOf(key);
      if (parameter === undefined) continue;
      const old = keyOf(constraints, key);
      if (old !== undefined) delete constraints[old];
      constraints[parameter] = oneOf(values[key]);
    }
    // A default that is not one of the values is dropped, as ASP.NET's DefaultRoutePatternTransformer drops it.
    const keeps = (parameter: string, given: unknown): boolean => {
      const key = fieldOf(parameter);
      return key === undefined || (typeof given === 'string' && values[key].some((v) => equalIgnoringCase(v, given)));
    };
    const segments = template.segments.map((segment) => ({ parts: segment.parts.map((part) => (part.kind === 'parameter' && part.defaultValue !== null && !keeps(part.name, part.defaultValue) ? { ...part, defaultValue: null } : part)) }));
    const defaults = Object.fromEntries(Object.entries(definition.defaults ?? {}).filter(([key, given]) => parameterOf(key) === undefined || keeps(key, given)));
    const one: ImportedRoute['definition'] = { ...unnamed, template: formatTemplate({ segments }) };
    if (Object.keys(defaults).length > 0) one.defaults = defaults;
    else delete one.defaults;
    if (Object.keys(constraints).length > 0) one.constraints = constraints;
    if (group.methods !== null) one.methods = [...group.methods];
    return { ...route, definition: one };
  });
  // A default before a required segment is never used when matching (the path always holds that segment). The named
  // route's copy for links keeps it, so the routes that match go without it; without that copy it makes links.
  const matching = routes.map((one) => withoutMatchingOnlyDefaults(one));
  const text = shortText(definition.template);
  const reach = ordered.map((g) => `${g.area === null ? '' : `${g.area}/`}${g.controller}.${g.actions.join('|')}${g.methods === null ? '' : ` (${g.methods.join(', ')})`}`).join('; ');
  if (name !== undefined && routes.length !== 1) {
    // The named route, once more for links only, before the routes it became (or alone, reaching none): it makes every link they made.
    routes.unshift({ ...route, definition: { ...definition, generationOnly: true } });
    for (let i = 1; i < routes.length; i++) routes[i] = matching[i - 1];
  } else {
    if (name !== undefined) routes[0] = { ...routes[0], definition: { ...routes[0].definition, name } };
    if (routes.some((one, i) => matching[i] !== one)) {
      findings.push({ kind: 'note', file: route.file, line: route.line, text: shortText(definition.template), message: 'a default before a required segment is kept, as ASP.NET keeps it: no request uses it, but links by values do (lint says it is never used when matching)' });
    }
  }
  findings.push({
    kind: 'note',
    file: route.file,
    line: route.line,
    text,
    message:
      reached.length === 0
        ? `reaches no action of the sources read (ASP.NET Core's conventional routes reach only actions that exist and have no attribute route)${name === undefined ? ': left out' : ': kept only to make links by its name'}`
        : `reaches ${reached.length} action${reached.length === 1 ? '' : 's'} of the sources read, as ASP.NET Core's endpoint routing makes it (existing actions without an attribute route, under their verbs): ${reach}${name !== undefined && ordered.length > 1 ? '; kept once more, for links only, with its name' : ''}`,
  });
  return routes;
}

/**
 * The route without the defaults matching never uses: those of parameters that fill a whole segment before a segment
 * every path must hold (`{controller=Home}/{action}/{id?}`: a path that reaches {action} always has a controller).
 * The same route when it has none.
 */
function withoutMatchingOnlyDefaults(route: ImportedRoute): ImportedRoute {
  const { definition } = route;
  const template = parseTemplate(definition.template);
  const omittable = (segment: (typeof template.segments)[number]): boolean => {
    const [part] = segment.parts;
    return segment.parts.length === 1 && part.kind === 'parameter' && (part.isOptional || part.isCatchAll || part.defaultValue !== null || keyOf(definition.defaults, part.name) !== undefined);
  };
  const lastRequired = template.segments.findLastIndex((segment) => !omittable(segment));
  const unused: string[] = [];
  const segments = template.segments.map((segment, i) => {
    const [part] = segment.parts;
    if (i >= lastRequired || segment.parts.length !== 1 || part.kind !== 'parameter' || part.isOptional || part.isCatchAll) return segment;
    unused.push(part.name);
    return { parts: [{ ...part, defaultValue: null }] };
  });
  const defaults = Object.fromEntries(Object.entries(definition.defaults ?? {}).filter(([key]) => !unused.some((p) => equalIgnoringCase(p, key))));
  const next: ImportedRoute['definition'] = { ...definition, template: formatTemplate({ segments }) };
  if (Object.keys(defaults).length > 0) next.defaults = defaults;
  else delete next.defaults;
  return next.template === definition.template && Object.keys(defaults).length === Object.keys(definition.defaults ?? {}).length ? route : { ...route, definition: next };
}

/**
 * The route with ASP.NET's `exists` (KnownRouteValueConstraint) made a constraint: the value must be one some
 * action has for that key, compared ignoring case. The importer knows the actions of the sources read (`null`: it
 * read no controller) and writes their values as an expression; what it cannot know is left out, and said.
 */
export function knownValueConstraints(route: ImportedRoute, actions: readonly ControllerAction[] | null, findings: Finding[]): ImportedRoute {
  let template;
  try {
    template = parseTemplate(route.definition.template);
  } catch {
    return route; // compiling it says why
  }
  const constraints: Record<string, unknown> = { ...route.definition.constraints };
  let changed = false;
  const segments = template.segments.map((segment) => ({
    parts: segment.parts.map((part) => {
      if (part.kind !== 'parameter' || !part.constraints.some((c) => c.toLowerCase() === 'exists')) return part;
      changed = true;
      const key = part.name;
      const say = (kind: Finding['kind'], message: string): void => {
        findings.push({ kind, file: route.file, line: route.line, text: shortText(route.definition.template), message: `{${key}:exists} ${message}` });
      };
      if (actions === null || fieldOf(key) === undefined) {
        const why = actions === null ? 'the sources read hold no controller, so the importer cannot know which values exist' : 'the importer knows the values of area, controller and action only';
        say('unread', `left out: ${why} (ASP.NET's exists accepts the values some action has for "${key}"): the route accepts any value of "${key}"`);
      } else {
        const values = knownValues(actions, key);
        say('note', `imported as the ${key.toLowerCase() === 'area' ? 'areas' : `${key.toLowerCase()} names`} actions of the sources have (${values.length === 0 ? 'none: no value passes' : values.join(', ')}), compared ignoring case as ASP.NET compares them`);
        const own = constraints[key];
        constraints[key] = own === undefined ? oneOf(values) : [...(Array.isArray(own) ? own : [own]), oneOf(values)];
      }
      return { ...part, constraints: part.constraints.filter((c) => c.toLowerCase() !== 'exists') };
    }),
  }));
  if (!changed) return route;
  const definition: ImportedRoute['definition'] = { ...route.definition, template: formatTemplate({ segments }) };
  if (Object.keys(constraints).length > 0) definition.constraints = constraints as ImportedRoute['definition']['constraints'];
  return { ...route, definition };
}
