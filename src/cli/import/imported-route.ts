// What the readers of `switchyard import` hand on: routes with where they come from, and findings (what was
// skipped, what could not be read, what was read with a caveat), each with its file, line and C# text.
import { ConstraintRegistry, RegexRouteConstraint } from '../../constraints.js';
import { formatTemplate, parseTemplate, type RouteDefinition } from '../../index.js';
import { asData, isUnread, type CsValue, type Unread } from './values.js';

export interface ImportedRoute {
  readonly definition: RouteDefinition & { name?: string };
  readonly file: string;
  readonly line: number;
  /** The attribute route's Order (attribute routes only). */
  readonly order?: number;
  /** An ASP.NET Core conventional route: one endpoint per action it reaches (conventional-reach.ts). */
  readonly endpointRouting?: boolean;
  /** The inline constraint names the import left out of its template (applicationConstraintsLeftOut). */
  readonly constraintsLeftOut?: readonly string[];
}

export interface Finding {
  /** skipped: nothing imported from it; unread: a part left out; note: imported as said. */
  readonly kind: 'skipped' | 'unread' | 'note';
  readonly file: string;
  readonly line: number;
  /** The C# text concerned (shortened). */
  readonly text: string;
  readonly message: string;
}

/** C# text as a report shows it: one line, at most 120 chars. */
export function shortText(text: string): string {
  const one = text.replace(/\s+/g, ' ').trim();
  return one.length > 120 ? `${one.slice(0, 117)}…` : one;
}

export function unreadFinding(file: string, value: Unread, message: string): Finding {
  return { kind: 'unread', file, line: value.line, text: shortText(value.text), message: `${message}: ${value.why}` };
}

const REGISTRY = new ConstraintRegistry();

/** .NET regular expression syntax that JavaScript reads differently or not at all. */
const DOTNET_ONLY = /\\[AZzGpPk]|\(\?[imnsx-]+[:)]|\(\?>|\(\?<[=!]?[^>]*-|\[[^\]]*-\[/;

/** A string of `constraints` as the router makes it: anchored, and ignoring case (RegexRouteConstraint). */
const stringConstraint = (pattern: string): RegexRouteConstraint => new RegexRouteConstraint(`^(?:${pattern})$`);

/**
 * A string constraint as ASP.NET makes it (an anchored, case-insensitive regular expression), as switchyard
 * reads a string in `constraints`. A string that is also one of switchyard's constraint names ("int") is
 * wrapped in a group, so that it stays the expression ASP.NET matches. Null, and why, when JavaScript cannot
 * run the expression as .NET does.
 */
export function regexConstraint(pattern: string): { value: string } | { why: string } {
  if (DOTNET_ONLY.test(pattern)) return { why: 'the expression uses .NET regular expression syntax that JavaScript does not have' };
  try {
    stringConstraint(pattern);
  } catch (error) {
    return { why: `not a JavaScript regular expression: ${(error as Error).message}` };
  }
  return { value: REGISTRY.has(pattern) ? `(?:${pattern})` : pattern };
}

/**
 * Whether an imported constraint accepts a value: a string expression tested as ASP.NET tests it (anchored,
 * ignoring case). A constraint name ("int") or anything else is the router's to run: taken as accepting.
 */
export function constraintAccepts(constraint: unknown, value: string): boolean {
  if (typeof constraint !== 'string' || REGISTRY.has(constraint)) return true;
  return stringConstraint(constraint).matchText(value);
}

/** Regex-escapes a literal (an area name made into an exact constraint). */
export const escapeRegex = (text: string): string => text.replace(/[\\^$.*+?()[\]{}|/]/g, '\\$&');

/**
 * The route data of a defaults or data tokens value: each key's data, and a finding for each part that is
 * not data. Returns null (with the findings) when the whole value cannot be read.
 */
export function routeData(value: CsValue | Unread, file: string, what: string, findings: Finding[]): Record<string, unknown> | null {
  if (isUnread(value)) {
    findings.push(unreadFinding(file, value, `${what} not read`));
    return null;
  }
  if (value.kind === 'null') return {};
  if (value.kind !== 'object') {
    findings.push({ kind: 'unread', file, line: 0, text: '', message: `${what} not read: not an object` });
    return null;
  }
  const out: Record<string, unknown> = {};
  for (const [key, item] of value.entries) {
    if (isUnread(item)) {
      findings.push(unreadFinding(file, item, `${what}: "${key}" not read`));
      return null;
    }
    const data = asData(item);
    if (data === undefined) {
      findings.push({ kind: 'unread', file, line: 0, text: key, message: `${what}: "${key}" is not plain data` });
      return null;
    }
    Object.defineProperty(out, key, { value: data, enumerable: true, writable: true, configurable: true });
  }
  return out;
}

/**
 * The constraints of a route: strings as anchored case-insensitive expressions, ASP.NET Core's constraint
 * classes by their inline names, HTTP method constraints as the route's methods. A constraint that cannot be
 * read (an application's class, a variable) is left out, and reported: the route then accepts any value there.
 */
export function routeConstraints(
  value: CsValue | Unread,
  file: string,
  line: number,
  findings: Finding[],
): { constraints: Record<string, string>; methods: string[] | null } | null {
  if (isUnread(value)) {
    findings.push(unreadFinding(file, value, 'constraints not read, so the route is not imported'));
    return null;
  }
  const constraints: Record<string, string> = {};
  let methods: string[] | null = null;
  if (value.kind === 'null') return { constraints, methods };
  if (value.kind !== 'object') {
    findings.push({ kind: 'unread', file, line, text: '', message: 'constraints not read (not an object), so the route is not imported' });
    return null;
  }
  for (const [key, item] of value.entries) {
    const drop = (why: string, text: string): void => {
      findings.push({ kind: 'unread', file, line: isUnread(item) ? item.line : line, text: shortText(text), message: `constraint "${key}" left out (${why}): the route accepts any value of "${key}"` });
    };
    if (isUnread(item)) drop(item.why, item.text);
    else if (item.kind === 'methods') methods = [...(methods ?? []), ...item.methods];
    else if (item.kind === 'inline-constraint') Object.defineProperty(constraints, key, { value: item.reference, enumerable: true, writable: true, configurable: true });
    else if (item.kind === 'string') {
      const regex = regexConstraint(item.value);
      if ('why' in regex) drop(regex.why, JSON.stringify(item.value));
      else Object.defineProperty(constraints, key, { value: regex.value, enumerable: true, writable: true, configurable: true });
    } else if (item.kind === 'instance') drop(`an instance of the application's ${item.type}, whose code the importer does not run`, item.text);
    else drop('not a string or a constraint object', key);
  }
  return { constraints, methods };
}

/**
 * The inline constraint names --keep-constraint keeps, each with a resolver that knows it (so a reference is
 * matched to it by the router's own rule: ignoring case, arguments aside), and those a template has been found to use.
 */
export interface KeptConstraints {
  readonly names: ReadonlyMap<string, ConstraintRegistry>;
  readonly used: Set<string>;
}

/** The name of an inline reference, `even(2)` → `even`, as the router's resolver splits it (the command line uses the package entries only). */
const referenceName = (reference: string): string => (reference.endsWith(')') && reference.includes('(') ? reference.slice(0, reference.indexOf('(')) : reference);

/**
 * Inline constraint names of a library that registers them in RouteOptions.ConstraintMap, and what each is: not the
 * application's own code, but not switchyard's either.
 */
const LIBRARY_CONSTRAINTS: ReadonlyMap<string, string> = new Map([
  ['apiversion', "Asp.Versioning's ApiVersionRouteConstraint, which AddApiVersioning registers: it takes an API version (1, 1.0, 2.0-beta) and the versioning library then picks the endpoint of that version"],
]);

/** What an inline constraint name switchyard does not know is, for the report. */
const unknownConstraintKind = (name: string): string => LIBRARY_CONSTRAINTS.get(name.toLowerCase()) ?? "the application's own constraint or parameter transformer, named in its RouteOptions.ConstraintMap";

/**
 * The route without the inline constraints switchyard does not know (`{action:lowercase}`): an application's own
 * constraint or parameter transformer, or a library's, named in its RouteOptions.ConstraintMap, whose code the
 * importer does not run. Each is said, with how to keep it; the route then accepts any value there. A name in
 * `kept` (--keep-constraint, compared ignoring case as ASP.NET compares them) stays in the template as written, and
 * is said too: compiling the table then needs its factory. A template that does not parse is left as it is
 * (compiling it says why).
 */
export function applicationConstraintsLeftOut(route: ImportedRoute, kept: KeptConstraints, findings: Finding[]): ImportedRoute {
  let template;
  try {
    template = parseTemplate(route.definition.template);
  } catch {
    return route;
  }
  const leftOut: string[] = [];
  const segments = template.segments.map((segment) => ({
    parts: segment.parts.map((part) => {
      if (part.kind !== 'parameter') return part;
      const known = part.constraints.filter((reference) => {
        if (REGISTRY.has(reference)) return true;
        const name = referenceName(reference);
        const say = (kind: Finding['kind'], message: string): void => {
          findings.push({ kind, file: route.file, line: route.line, text: route.definition.template, message: `the inline constraint "${reference}" of {${part.name}} ${message}` });
        };
        const keptAs = [...kept.names].find(([, resolver]) => resolver.has(reference))?.[0];
        if (keptAs !== undefined) {
          kept.used.add(keptAs);
          say('note', `kept as written (--keep-constraint ${name}; ${unknownConstraintKind(name)}): compiling the table needs its factory, a route module's \`constraints\` export { ${name}: … }`);
          return true;
        }
        leftOut.push(name);
        say('unread', `left out (${unknownConstraintKind(name)}): the route now takes every value of "${part.name}". To keep it, import with --keep-constraint ${name} and register "${name}" in a route module's \`constraints\` export`);
        return false;
      });
      return known.length === part.constraints.length ? part : { ...part, constraints: known };
    }),
  }));
  return leftOut.length === 0 ? route : { ...route, constraintsLeftOut: leftOut, definition: { ...route.definition, template: formatTemplate({ segments }) } };
}
