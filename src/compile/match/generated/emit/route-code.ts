// The code that tries one route where the trie reaches it: the verb limit and the inline constraints on the
// segment offsets, then the values (sliced only now), then the constraints that need the values, then the
// first-match bookkeeping (`best`, `found`).
import { CONSTRAINT_CONTEXT_CODE } from '../../../../constraint-context.js';
import type { RouteEntry } from '../../../route-entry.js';
import { inlineChecksFor, type InlineCheck } from '../inline-constraints.js';
import type { Taken, UnitEmitter } from './unit-emitter.js';
import { quote, quoteInComment, type Writer } from './writer.js';

/** What the code of one route is made of, before it is written. */
interface RouteCode {
  readonly entry: RouteEntry;
  /** The verb limit, or null for any verb. */
  readonly verb: string | null;
  /** The inline constraint checks on the segment offsets. */
  readonly checks: string[];
  /** The lines that build the values `v` (none for a static route's prebuilt answer). */
  readonly values: string[];
  /** The constraints that run on the values. */
  readonly objectConstraints: string[];
  readonly label: string;
}

/**
 * Tries the routes that end (or catch-all) at one node, in order. Consecutive routes of the same values that
 * differ only by verb (GET, PUT and DELETE of one template) pick their route first and build the values once:
 * the values' slices and object are the largest code of a route, and TurboFan's work on a function grows with it.
 */
export function emitRoutes(unit: UnitEmitter, w: Writer, entries: readonly RouteEntry[], depth: number, taken: readonly Taken[], catchAllStart: string | null): void {
  const codes = entries.map((entry) => routeCode(unit, entry, depth, taken, catchAllStart));
  for (let i = 0; i < codes.length; ) {
    let j = i + 1;
    while (j < codes.length && sameValues(codes[i], codes[j])) j++;
    if (j - i > 1) emitByVerb(unit, w, codes.slice(i, j));
    else writeRoute(unit, w, codes[i]);
    i = j;
  }
}

/**
 * `best > index`, unless that is known where the route is written (each route before it may lower best); `best`
 * is brought up to date before the route's code, which reads it.
 */
function guard(unit: UnitEmitter, w: Writer, entry: RouteEntry): string[] {
  if (unit.guards.known >= entry.route.index) return [];
  unit.guards.refresh(w);
  return [`best > ${unit.ix(entry.route.index)}`];
}

/** Whether two routes' answers differ only by route: same values, nothing checked on them. */
function sameValues(a: RouteCode, b: RouteCode): boolean {
  const plain = (c: RouteCode): boolean => c.entry.staticAnswer === null && c.checks.length === 0 && c.objectConstraints.length === 0;
  return plain(a) && plain(b) && a.values.length === b.values.length && a.values.every((line, i) => line === b.values[i]);
}

/** The longest else-if chain of routes emitted as one. */
const CHAIN_MAX = 64;

/** Routes of the same values: the first whose guard and verb pass is the route, then one answer for it. */
function emitByVerb(unit: UnitEmitter, w: Writer, codes: readonly RouteCode[]): void {
  const conditions = codes.map((code) => [...guard(unit, w, code.entry), ...(code.verb === null ? [] : [code.verb])]);
  // A route that takes every request here leaves none to the routes after it.
  const last = conditions.findIndex((c) => c.length === 0);
  if (last === 0) return writeRoute(unit, w, codes[0]);
  w.open('{');
  // The route's index beside it, as a number: a route object's index is a getter (compiled-route.ts), slower to read.
  w.line('let r = null, ri = 0;');
  const tried = codes.slice(0, last < 0 ? codes.length : last + 1);
  tried.forEach((code, i) => {
    const take = `{ r = ${unit.pool.ref(code.entry.route, 'route')}; ri = ${unit.ix(code.entry.route.index)}; } ${code.label}`;
    const test = conditions[i].length > 0 ? `if (${conditions[i].join(' && ')}) ${take}` : take;
    // An else-if chain nests in a parser: one of 5,000 routes overflowed V8's stack in new Function. Past
    // CHAIN_MAX, the chain goes on in a block beside it, entered while no route is found.
    const place = i % CHAIN_MAX;
    if (place === 0 && i > 0) {
      if (i > CHAIN_MAX) w.close();
      w.open('if (r === null) {');
    }
    w.line(place === 0 ? test : `else ${test}`);
  });
  if (tried.length > CHAIN_MAX) w.close();
  w.open('if (r !== null) {');
  for (const line of codes[0].values) w.line(line);
  w.line('best = ri;');
  w.line('found = { route: r, values: v };');
  w.close();
  w.close();
  unit.guards.changed();
}

/** Tries one route; sets best and found when it accepts the request. */
function writeRoute(unit: UnitEmitter, w: Writer, code: RouteCode): void {
  const { entry, objectConstraints } = code;
  const index = entry.route.index;
  const conditions = [...guard(unit, w, entry), ...(code.verb === null ? [] : [code.verb]), ...code.checks];
  w.open(conditions.length > 0 ? `if (${conditions.join(' && ')}) { ${code.label}` : `{ ${code.label}`);
  // A static route answers with its one prebuilt (frozen) answer; any other route with a fresh one, written as
  // matcher.ts's freshMatch() makes it (not frozen: no other request sees it).
  const answer = entry.staticAnswer;
  if (answer !== null) {
    if (objectConstraints.length > 0) w.line(`const v = ${unit.pool.ref(answer.values, 'values', index)};`);
  } else {
    for (const line of code.values) w.line(line);
  }
  if (objectConstraints.length > 0) w.open(`if (${objectConstraints.join(' && ')}) {`);
  w.line(`best = ${unit.ix(index)};`);
  w.line(answer !== null ? `found = ${unit.pool.ref(answer, 'answer')};` : `found = { route: ${unit.pool.ref(entry.route, 'route')}, values: v };`);
  if (objectConstraints.length > 0) w.close();
  w.close();
  unit.guards.changed();
}

/**
 * The parts of one route's code where the trie reaches it: `catchAllStart` is the catch-all's start variable when
 * the route is tried as a catch-all at `depth`, else null (the path ended at `depth`).
 */
function routeCode(unit: UnitEmitter, entry: RouteEntry, depth: number, taken: readonly Taken[], catchAllStart: string | null): RouteCode {
  const index = entry.route.index;
  const pool = unit.pool;
  const key = (name: string): string => (name === '__proto__' ? `[${pool.ref(name, 'name')}]` : quote(name)); // a plain property, not the prototype
  // In a subtree unit the names are data (unit-emitter.ts): the values are stored one by one under K[i], which
  // costs a fraction of a computed key in an object literal (docs/benchmarks.md, "Why these thresholds").
  const namesAsData = unit.base !== null;
  const verb = entry.plan.methodSet === null ? null : `(${[...entry.plan.methodSet].map((m) => `method === ${quote(m)}`).join(' || ')})`;
  const inlineChecks: string[] = [];

  // The route's values here, in template order (a parameter the URL did not give takes its default in its
  // place), then the defaults that name no parameter: the order every strategy gives. An object literal keeps
  // that order while every key is certain; from the first value that may be absent (an optional extension
  // with no default) on, the values are set one by one.
  const fields: string[] = [];
  const laterFields: string[] = [];
  const urlParameters = new Map<string, number>(); // simple parameters captured here → their depth
  const set = new Set<string>();
  const add = (name: string, expression: string): void => {
    if (namesAsData) laterFields.push(name === '__proto__' ? `H.setValue(v, ${pool.ref(name, 'name')}, ${expression});` : `v[${pool.ref(name, 'name')}] = ${expression};`);
    else if (laterFields.length === 0) fields.push(`${key(name)}: ${expression}`);
    else laterFields.push(`H.setValue(v, ${pool.ref(name, 'name')}, ${expression});`);
    set.add(name);
  };
  const addDefault = (name: string): void => {
    const value = Object.hasOwn(entry.plan.defaults, name) ? entry.plan.defaults[name] : null;
    if (value !== null && value !== undefined) add(name, pool.ref(value, 'default', name));
  };
  for (const { depth: at, plan } of entry.plan.captures) {
    if (plan.kind === 'parameter') {
      if (at < depth) {
        add(plan.name, `path.substring(s${at}, e${at})`); // substring, not slice: no negative offsets, a smaller graph for TurboFan
        urlParameters.set(plan.name, at);
      } else addDefault(plan.name);
    } else if (plan.kind === 'complex') {
      const match = at < depth ? (taken[at] as { match: string }).match : null;
      plan.pattern.names.forEach((name, slot) => {
        const optional = plan.pattern.hasOptionalExtension && slot === plan.pattern.names.length - 1;
        const hasDefault = Object.hasOwn(entry.plan.defaults, name) && entry.plan.defaults[name] != null;
        if (match === null) addDefault(name);
        else if (!optional) add(name, `${match}[${slot}]`);
        else if (hasDefault) add(name, `${match}[${slot}] ?? ${pool.ref(entry.plan.defaults[name], 'default', name)}`);
        else {
          laterFields.push(`if (${match}[${slot}] !== undefined) H.setValue(v, ${pool.ref(name, 'name')}, ${match}[${slot}]);`);
          set.add(name);
        }
      });
    } else if (catchAllStart !== null && at === depth) {
      add(plan.name, `path.substring(${catchAllStart})`); // never empty: segment `depth` is not
    } else addDefault(plan.name);
  }
  // (A static route answers with its prebuilt answer: its values are not written, nor read from K.)
  if (entry.staticAnswer === null) {
    for (const [name, value] of entry.plan.defaultEntries) {
      if (!set.has(name)) add(name, pool.ref(value, 'default', name));
    }
  }

  // Constraints: inline on the offsets where they have an inline form, else the RouteConstraint on the values.
  const objectConstraints: string[] = [];
  entry.plan.constraintKeys.forEach((name, i) => {
    const constraint = entry.plan.constraintList[i];
    const at = urlParameters.get(name);
    const checks: InlineCheck[] | null = at === undefined ? null : inlineChecksFor(constraint);
    if (checks !== null) {
      for (const check of checks) {
        const args = [`path`, `s${at}`, `e${at}`, ...check.args.map((a) => pool.ref(a, 'argument', check.helper))];
        inlineChecks.push(`H.${check.helper}(${args.join(', ')})`);
      }
    } else {
      objectConstraints.push(`${pool.ref(constraint, 'constraint', name)}.match(${CONSTRAINT_CONTEXT_CODE}, ${pool.ref(entry.route, 'route')}, ${pool.ref(name, 'name')}, v, "incoming")`);
    }
  });

  const label = unit.base === null ? `// ${index}: ${quoteInComment(entry.route.template)}` : `// route ${unit.ix(index)}`;
  const values = entry.staticAnswer !== null ? [] : [fields.length === 0 ? 'const v = {};' : `const v = { ${fields.join(', ')} };`, ...laterFields];
  return { entry, verb, checks: inlineChecks, values, objectConstraints, label };
}
