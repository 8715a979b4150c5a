// diagnostics(): routes that can never be reached, and the mistakes that compile silently into routes that
// never match. Reachability is reported only when proven (see provesCover): a route is unreachable when its
// own constraints can never pass, or when one earlier route accepts every request it accepts. Anything the
// analysis cannot see into — a custom constraint, a regex against a literal, a cover by several earlier
// routes together — is left unreported rather than guessed.
import { builtinConstraints } from '../../constraints/registry.js';
import { findRouteKey, getRouteValue } from '../../route-values.js';
import { findParameter, type ParameterPart } from '../../template/ast.js';
import { formatTemplate } from '../../template/format.js';
import { foldCase, type Fold } from '../case-fold.js';
import { constraintsOf, impossibleCombination } from './constraint-info.js';
import { CoverIndex, passesAlone } from './cover.js';
import { didYouMean } from '../../did-you-mean.js';
import { describeRoute, explainRequest } from './explain.js';
import type { RouteEntry } from '../route-entry.js';
import type { CompiledRoute } from '../compiled-route.js';
import { nameKey } from '../../name-key.js';

/** What a diagnostic is about. */
export type DiagnosticCode =
  | 'shadowed'
  | 'impossible-constraint'
  | 'constraint-key-not-parameter'
  | 'default-violates-constraint'
  | 'required-after-optional'
  | 'case-duplicate'
  | 'express-syntax'
  | 'unknown-method'
  | 'odd-parameter-name'
  | 'unanchored-alternation'
  | 'misspelt-constraint'
  | 'default-key-not-parameter';

/** One finding about one route. */
export interface Diagnostic {
  readonly code: DiagnosticCode;
  /**
   * error: no request can reach the route (proven) and it has no other use; the message starts "unreachable:".
   * warning: most likely a mistake, or a named route no request reaches, which still makes links by name (its
   * message starts "only makes links:"; generationOnly: true says so, and then it has no finding). info: worth
   * knowing.
   */
  readonly severity: 'error' | 'warning' | 'info';
  readonly route: CompiledRoute;
  /** For "shadowed": the earlier route that takes every request this one accepts. */
  readonly by: CompiledRoute | null;
  /** For "shadowed": a request this route accepts and the earlier route takes (null if none was found). */
  readonly example: { readonly method: string; readonly path: string } | null;
  readonly message: string;
}

/** The route that wins a request (the router's own match), for the examples of shadowed routes. */
export type Winner = (path: string, method: string) => { readonly route: CompiledRoute } | null;

/**
 * Every diagnostic of a route collection, route by route, in collection order. `winner` answers which route
 * takes an example request (the compiled matcher: explaining every route for each example is quadratic in a
 * table of many shadowed routes); without it, the examples are explained route by route.
 */
export function diagnose(
  entries: readonly RouteEntry[],
  winner: Winner = (path, method) => explainRequest(entries, path, method, undefined, fold).match,
  /** How the table compares literals (case-fold.ts): "/Users" shadows "/users" only when it ignores case. */
  fold: Fold = foldCase,
  /** Whether a route's target may decline a request it matched (the pipeline's routers): then it proves nothing unreachable. */
  mayDecline: (route: CompiledRoute) => boolean = () => false,
): Diagnostic[] {
  const found: Diagnostic[] = [];
  const neverMatches = new Set<number>();
  const covers = new CoverIndex();
  const anyDeclines = entries.some((entry) => mayDecline(entry.route));
  for (const entry of entries) {
    // The one rule for a route no request reaches: an error, "unreachable", unless it still has a use: a named
    // route that is shadowed (its own constraints pass) makes links by name, so it is a warning, "only makes links".
    const add = (code: DiagnosticCode, severity: Diagnostic['severity'], message: string, by: Diagnostic['by'] = null, example: Diagnostic['example'] = null): void => {
      found.push({ code, severity, route: entry.route, by, example, message: severity === 'error' ? `unreachable: ${message}` : message });
      if (severity === 'error') neverMatches.add(entry.route.index);
    };
    checkConstraints(entry, add);
    checkSegments(entry, add);
    checkDefinition(entry, add);
    // A generation-only route never matches: it shadows nothing, and nothing shadowing it is news.
    if (entry.route.generationOnly) neverMatches.add(entry.route.index);
    covers.add(entry);
    if (neverMatches.has(entry.route.index)) continue;
    // Routes that always handle what they match prove a route unreachable; failing that, routes whose targets may
    // decline show where it takes only what they decline.
    const handles = (earlier: RouteEntry): boolean => earlier !== entry && !neverMatches.has(earlier.route.index) && !mayDecline(earlier.route);
    const usable = (earlier: RouteEntry): boolean => earlier !== entry && !neverMatches.has(earlier.route.index);
    const coverBy = (by: (earlier: RouteEntry) => boolean): { single: RouteEntry | undefined; together: RouteEntry[] | null } => {
      const single = covers.firstCover(entry, by);
      return { single, together: single === undefined ? covers.coverTogether(entry, by) : null };
    };
    let { single, together } = coverBy(handles);
    if (single === undefined && together === null && anyDeclines) ({ single, together } = coverBy(usable));
    const cover = single ?? together?.[0];
    if (cover) {
      const example = findExample(entry, winner, fold);
      const shown = example ? `: ${example.method} ${example.path} goes to #${example.winner}` : '';
      const shownExample = example ? { method: example.method, path: example.path } : null;
      // A route behind routes whose targets may decline takes what they decline: it is reachable, and may cover others.
      const declining = (together ?? [cover]).filter((c) => mayDecline(c.route));
      if (declining.length > 0) {
        const who = declining.map((c) => `route ${describeRoute(c.route)}`).join(' or ');
        const comes = together === null ? 'it comes first and accepts' : 'they come first and together accept';
        add('shadowed', 'warning', `reachable only when ${who} declines (its target is a router, which may decline): ${comes} every request this route accepts`, cover.route, shownExample);
        continue;
      }
      neverMatches.add(entry.route.index); // a shadowed route never matches, named or not: it covers nothing either
      const taken =
        together === null
          ? `route ${describeRoute(cover.route)} comes first and accepts every request this route accepts${shown}`
          : `routes ${together.map((a) => `${describeRoute(a.route)} (${[...a.plan.methodSet!].join(', ')})`).join(' and ')} come first and together accept every request this route accepts${shown}`;
      if (entry.route.name === null) add('shadowed', 'error', taken, cover.route, shownExample);
      else add('shadowed', 'warning', `${LINKS_ONLY}${taken}. No request reaches it; if it is kept to make links by name, mark it generationOnly: true`, cover.route, shownExample);
    }
  }
  return found;
}

/** How the warning of a named route no request reaches begins. */
const LINKS_ONLY = 'only makes links: ';

/**
 * What a list of diagnostics amounts to, in the words `switchyard lint` and the route inspector both print:
 * "7 routes, 2 errors (2 routes unreachable), 3 warnings (1 route only makes links)" (infos only when there
 * are any). Unreachable: the routes with an error; only making links: the named routes no request reaches.
 */
export function summarizeDiagnostics(routeCount: number, found: readonly Diagnostic[]): { errors: number; warnings: number; infos: number; unreachable: number; linksOnly: number; text: string } {
  const of = (severity: Diagnostic['severity']): number => found.filter((d) => d.severity === severity).length;
  const [errors, warnings, infos] = [of('error'), of('warning'), of('info')];
  const unreachable = new Set(found.filter((d) => d.severity === 'error').map((d) => d.route.index)).size;
  const linksOnly = found.filter((d) => d.severity === 'warning' && d.message.startsWith(LINKS_ONLY)).length;
  const count = (n: number, noun: string): string => `${n} ${noun}${n === 1 ? '' : 's'}`;
  const text =
    `${count(routeCount, 'route')}, ${count(errors, 'error')}${errors > 0 ? ` (${count(unreachable, 'route')} unreachable)` : ''}, ` +
    `${count(warnings, 'warning')}${linksOnly > 0 ? ` (${count(linksOnly, 'route')} only make${linksOnly === 1 ? 's' : ''} links)` : ''}${infos > 0 ? `, ${count(infos, 'info')}` : ''}`;
  return { errors, warnings, infos, unreachable, linksOnly, text };
}

type Add = (code: DiagnosticCode, severity: Diagnostic['severity'], message: string) => void;

/** Impossible constraints, constraint keys that name nothing, defaults that fail their own constraints, regexes. */
function checkConstraints(entry: RouteEntry, add: Add): void {
  for (let i = 0; i < entry.plan.constraintKeys.length; i++) {
    const key = entry.plan.constraintKeys[i];
    const infos = constraintsOf(entry, i);
    const parameter = findParameter(entry.route.parsedTemplate, key);
    const builtin = infos.every((c) => c.identity !== null);
    const labels = infos.map((c) => c.label).join(':');

    const impossible = impossibleCombination(infos);
    if (impossible !== null) {
      // An optional parameter's constraints pass when it is left out: the route still matches without it.
      if (parameter?.isOptional) add('impossible-constraint', 'warning', `"${key}" can never be given: ${impossible} (the route matches only without it)`);
      else add('impossible-constraint', 'error', impossible);
    }

    // Route value names are case-insensitive: a constraint on "area" sees a default given as "Area".
    const defaultKey = findRouteKey(entry.plan.defaults, parameter?.name ?? key);
    const hasDefault = defaultKey !== undefined;
    if (parameter === undefined && !hasDefault) {
      // A custom constraint may read anything (the request's method, headers…): under any key it is the
      // user's business. A built-in one always sees a missing value: most reject it, and then nothing matches.
      const guess = didYouMean(key, entry.route.parsedTemplate.parameters.map((p) => p.name));
      const hint = guess === null ? '' : `. Did you mean {${guess}}?`;
      if (builtin && !passesAlone(entry, i, undefined)) {
        add('constraint-key-not-parameter', 'error', `the constraints key "${key}" (${labels}) names no parameter of the template, so it always sees a missing value and rejects it${hint}`);
      } else if (builtin && guess !== null) {
        add('constraint-key-not-parameter', 'warning', `the constraints key "${key}" (${labels}) names no parameter of the template${hint}`);
      }
    } else if (hasDefault && builtin && impossible === null) {
      const value = entry.plan.defaults[defaultKey];
      if (!passesAlone(entry, i, value)) {
        const what = parameter === undefined ? `the default ${key}=${JSON.stringify(value)} (not a parameter, so always the value)` : `the default ${key}=${JSON.stringify(value)}`;
        add('default-violates-constraint', parameter === undefined ? 'error' : 'warning', `${what} violates its own constraint ${key}:${failingLabel(entry, i, value)}${parameter ? ' (requests that leave it out never match)' : ''}`);
      }
    }

    for (const info of infos) {
      const pattern = info.description?.pattern ?? null;
      if (pattern !== null && hasUnanchoredAlternation(pattern.source)) {
        const source = pattern.source;
        add('unanchored-alternation', 'warning', `the regex constraint "${source}" on "${key}" has an alternation whose branches are not all anchored (^a|b$ means "^a" or "b$", so it accepts "xb"): write ^(?:a|b)$`);
      }
      const word = pattern === null ? null : spelledWord(pattern.source);
      const meant = word === null ? null : didYouMean(word, BUILTIN_NAMES);
      if (meant !== null) {
        add('misspelt-constraint', 'warning', `the constraint "${word}" on "${key}" names no constraint, so it is a regular expression that accepts only the text "${word}". Did you mean the built-in constraint "${meant}"?`);
      }
    }
  }
}

const BUILTIN_NAMES = Object.keys(builtinConstraints);

/**
 * The word a string constraint spells, when it has no regex syntax: a string that names no constraint is the
 * regex ^(?:string)$ (as in ASP.NET), so "integer" accepts the text "integer" and nothing else.
 */
function spelledWord(source: string): string | null {
  return /^\^\(\?:([A-Za-z]+)\)\$$/.exec(source)?.[1] ?? null;
}

function failingLabel(entry: RouteEntry, i: number, value: unknown): string {
  const key = entry.plan.constraintKeys[i];
  const values = value === undefined || value === null ? {} : { [key]: value };
  const infos = constraintsOf(entry, i);
  return (infos.find((c) => !c.constraint.match({}, entry.route, key, values, 'incoming')) ?? infos[0]).label;
}

/**
 * True when the regex has a top-level "|" and not every branch is anchored at both ends: "^a|b$" is
 * "(^a)|(b$)". A regex without any anchor is left alone (an unanchored regex constraint is a search).
 */
export function hasUnanchoredAlternation(source: string): boolean {
  const branches: string[] = [];
  let depth = 0;
  let inClass = false;
  let start = 0;
  for (let i = 0; i < source.length; i++) {
    const ch = source[i];
    if (ch === '\\') i++;
    else if (inClass) inClass = ch !== ']';
    else if (ch === '[') inClass = true;
    else if (ch === '(') depth++;
    else if (ch === ')') depth--;
    else if (ch === '|' && depth === 0) {
      branches.push(source.slice(start, i));
      start = i + 1;
    }
  }
  if (branches.length === 0) return false;
  branches.push(source.slice(start));
  const anchored = (b: string): boolean => b.startsWith('^') && b.endsWith('$') && !b.endsWith('\\$');
  const anyAnchor = branches.some((b) => b.startsWith('^') || (b.endsWith('$') && !b.endsWith('\\$')));
  return anyAnchor && !branches.every(anchored);
}

/**
 * Optional or defaulted segments before a required one, Express-style literals, odd parameter names. (A default
 * that matching never uses is what a route kept only for links is for: a link that leaves the value out gets it.)
 */
function checkSegments(entry: RouteEntry, add: Add): void {
  const segments = entry.route.parsedTemplate.segments;
  const requiredAfter = entry.plan.omittableFrom - 1;
  const matches = !entry.route.generationOnly;
  segments.forEach((segment, i) => {
    const text = formatTemplate({ segments: [segment] });
    const part = segment.parts[0];
    if (i < requiredAfter && segment.parts.length === 1 && part.kind === 'parameter' && (part.isOptional || (matches && Object.hasOwn(entry.plan.defaults, part.name)))) {
      const required = formatTemplate({ segments: [segments[requiredAfter]] });
      const what = part.isOptional ? `"${text}" is optional but can never be left out` : `the default of "${text}" is never used when matching`;
      add('required-after-optional', 'warning', `${what}: the required segment "${required}" comes after it`);
    }
    for (const p of segment.parts) {
      if (p.kind === 'literal') {
        const express = /^:([A-Za-z_]\w*)(\?)?$/.exec(p.text);
        if (express) add('express-syntax', 'warning', `the segment "${p.text}" is a literal here; a parameter is written {${express[1]}${express[2] ?? ''}}`);
        else if (/^\*(\w*)$/.test(p.text)) add('express-syntax', 'warning', `the segment "${p.text}" is a literal here; a catch-all is written {*${p.text.slice(1) || 'path'}}`);
      } else if (p.kind === 'parameter') {
        checkParameterName(p, add);
      }
    }
  });
}

function checkParameterName(p: ParameterPart, add: Add): void {
  if (/^[A-Za-z_$][\w$.-]*$/.test(p.name)) return;
  const hint = p.name.startsWith(':') ? ` (a constraint comes after the name: {id${p.name}})` : '';
  add('odd-parameter-name', 'warning', `the parameter name ${JSON.stringify(p.name)} is odd: it has spaces or does not start with a letter${hint}`);
}

// Methods node:http accepts (http.METHODS), without importing node:* into compile/.
const KNOWN_METHODS = new Set(
  'ACL BIND CHECKOUT CONNECT COPY DELETE GET HEAD LINK LOCK M-SEARCH MERGE MKACTIVITY MKCALENDAR MKCOL MOVE NOTIFY OPTIONS PATCH POST PROPFIND PROPPATCH PURGE PUT QUERY REBIND REPORT SEARCH SOURCE SUBSCRIBE TRACE UNBIND UNLINK UNLOCK UNSUBSCRIBE'.split(' '),
);

/** Unknown methods, defaults keys that are no parameter, constraints keys differing only in case. */
function checkDefinition(entry: RouteEntry, add: Add): void {
  for (const method of entry.route.methods ?? []) {
    if (!KNOWN_METHODS.has(method)) add('unknown-method', 'warning', `the method "${method}" is not an HTTP method node:http knows: no request will use it`);
  }
  // A defaults key that names no parameter is how conventional routing attaches values ("controller",
  // "action"): no finding. Only one that looks like a misspelt parameter is worth a person's time.
  const names = entry.route.parsedTemplate.parameters.map((p) => p.name);
  for (const key of Object.keys(entry.plan.defaults)) {
    if (findParameter(entry.route.parsedTemplate, key) !== undefined) continue;
    const guess = didYouMean(key, names);
    if (guess !== null) {
      add('default-key-not-parameter', 'warning', `the defaults key "${key}" names no parameter. Did you mean {${guess}}? As written, "${key}" is added to every match's values and {${guess}} gets no default`);
    }
  }
  const keys = entry.givenConstraintKeys;
  const seen = new Map<string, string>();
  for (const key of keys) {
    const other = seen.get(nameKey(key));
    if (other !== undefined) add('case-duplicate', 'warning', `the constraints keys "${other}" and "${key}" differ only in case: names are case-insensitive, so both constrain the same value`);
    else seen.set(nameKey(key), key);
  }
}

// ─── Shadowing ────────────────────────────────────────────────────────────────────────────────────────────

/** A request that b accepts, to show the shadowing: sample values tried until b accepts one on its own. */
function findExample(b: RouteEntry, winnerOf: Winner, fold: Fold): { method: string; path: string; winner: number } | null {
  const method = b.route.methods?.[0] ?? 'GET';
  for (const sample of ['1', 'a', 'abc', '12', 'x1', 'true', 'a.txt', '2020-01-01', '00000000-0000-0000-0000-000000000001']) {
    for (let n = b.plan.omittableFrom; n <= b.plan.segments.length; n++) {
      const path = '/' + b.route.parsedTemplate.segments.slice(0, n).map((segment) =>
        segment.parts.map((p) => (p.kind === 'parameter' ? sample : p.text)).join(''),
      ).join('/');
      if (explainRequest([b], path, method, undefined, fold).match === null) continue;
      const winner = winnerOf(path, method);
      if (winner !== null && winner.route.index < b.route.index) return { method, path, winner: winner.route.index };
    }
  }
  return null;
}
