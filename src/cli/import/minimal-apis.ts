// Minimal APIs: `app.MapGet(pattern, handler)` and MapPost, MapPut, MapDelete, MapPatch, `MapMethods(pattern,
// methods, handler)`, `Map(pattern, handler)` (any method), on the application or on a `MapGroup(prefix)` group —
// held in a variable, chained, nested, or handed to a method of the sources (`v1.MapTodos()`) — named by
// `.WithName(…)`, ordered by `.WithOrder(n)`. Endpoint routing orders them with the attribute routes (Order, then
// template precedence: attribute-routes.ts attributeOrder). The builder an endpoint is mapped on is followed through
// the statements of its method, and through the calls of the sources to that method; what cannot be followed (a
// method's result, a field, callers that disagree) is said, never guessed.
import { parseTemplate } from '../../index.js';
import type { Call, FileDeclarations, MethodDeclaration } from './declarations.js';
import { bracketsOf, parseExpression, splitTopLevel, type Argument } from './expressions.js';
import { conditionNote, foreignLambda } from './conventional-routes.js';
import { shortText, unreadFinding, type Finding, type ImportedRoute } from './imported-route.js';
import type { CallSite } from './registration-order.js';
import type { SourceClasses, SourceMethod } from './source-classes.js';
import type { Token } from './tokens.js';
import { isUnread, type CsValue, type Evaluator, type Unread } from './values.js';

const VERBS: Readonly<Record<string, string>> = { MapGet: 'GET', MapPost: 'POST', MapPut: 'PUT', MapDelete: 'DELETE', MapPatch: 'PATCH' };

/** A call this reader reads: an endpoint's Map…, or MapGroup (read when an endpoint is mapped on its group). */
export const isMinimalApiCall = (name: string): boolean => Object.hasOwn(VERBS, name) || name === 'MapMethods' || name === 'Map' || name === 'MapGroup';

/**
 * Whether a call is a registration this reader reads (true), is not (false), or cannot be told (why, to report).
 * `Map(pattern, handler)` maps an endpoint; IApplicationBuilder's `Map(path, branch => branch.Use…())` or
 * `Map(path, HandleBranch)` (a method taking an IApplicationBuilder) branches the pipeline, as does any Map on a
 * parameter declared IApplicationBuilder; other Maps (AutoMapper's `mapper.Map<T>(x)`, an application's
 * `ApiRoutes.Map(app)`) are not routing: an endpoint's has a constant pattern and a handler that is not a lambda
 * configuring its parameter.
 */
export function isMinimalApiRegistration(call: Call, evaluator: Evaluator, classes: SourceClasses): boolean | string {
  if (call.name !== 'Map') return isMinimalApiCall(call.name);
  const [pattern, handler] = call.args;
  if (call.args.length !== 2 || (pattern.name !== null && pattern.name !== 'pattern')) return false;
  const value = evaluator.evaluate(pattern.value, call.inClass);
  if (isUnread(value) || value.kind !== 'string') return false;
  const owner = call.inClass === null ? [] : classes.partsOf(call.inClass).flatMap((part) => part.methods);
  const enclosing = owner.find((m) => m.body[0] < call.at && call.at <= m.body[1]);
  if (enclosing?.parameters.some((p) => /^(?:this\s+)?IApplicationBuilder\s+(\w+)$/.exec(p)?.[1] === call.receiver)) return false;
  if (/^\w+$/.test(handler.value.text)) {
    const named = owner.filter((m) => m.name === handler.value.text);
    const branches = named.filter((m) => m.parameters.length === 1 && /^IApplicationBuilder\s+\w+$/.test(m.parameters[0]));
    if (branches.length === 0) return true;
    if (branches.length === named.length) return false;
    return `${handler.value.text} names methods of the sources that take an IApplicationBuilder (a branch of the pipeline) and methods that do not (an endpoint's handler): which Map it calls is not told`;
  }
  const parameter = /^\(?\s*(?:\w+\s+)?(\w+)\s*\)?\s*=>/.exec(handler.value.text)?.[1];
  return parameter === undefined || !new RegExp(`\\b${parameter}\\s*\\.\\s*(?:Use|Run|Map)\\w*\\s*[(<]|[(,]\\s*${parameter}\\s*[,)]`).test(handler.value.text);
}

/**
 * A minimal API endpoint's defaults. Endpoint routing never chooses an endpoint without required values (a minimal
 * API's: no controller, no action) to make a link from route values, only by its name; classic generation tries every
 * route in order. A null default that names no parameter gives no matched value and turns away a link that gives that
 * value, so an MVC link (Url.Action: a controller and an action, given or ambient) passes over the endpoint, and a
 * link by its name does not.
 */
export const ENDPOINT_DEFAULTS: Readonly<Record<'controller' | 'action', null>> = { controller: null, action: null };

/**
 * ENDPOINT_DEFAULTS for a pattern: a null default only for a name the pattern does not hold (ignoring case), since a
 * parameter's own value is what a link gives, and a default beside an inline one is refused.
 */
function endpointDefaults(template: string): Partial<typeof ENDPOINT_DEFAULTS> {
  let names: Set<string>;
  try {
    names = new Set(parseTemplate(template).parameters.map((p) => p.name.toLowerCase()));
  } catch {
    return { ...ENDPOINT_DEFAULTS }; // compiling it says what is wrong
  }
  return Object.fromEntries(Object.entries(ENDPOINT_DEFAULTS).filter(([key]) => !names.has(key)));
}

/** Calls that make the application, whose endpoints have no prefix: `builder.Build()`, `WebApplication.Create(args)`. */
const APPLICATION = (name: string, receiver: readonly string[]): boolean => name === 'Build' || (receiver.join('.') === 'WebApplication' && name === 'Create');
/** Library calls that return a builder mapping under the prefix of the one they are called on: Asp.Versioning's. */
const SAME_PREFIX = new Set(['NewVersionedApi']);
/** How many steps (an assignment, a caller) a builder is followed through. */
const MAX_STEPS = 16;

/** What an endpoint is mapped under: its group's prefix and Order, and what the route table cannot hold (said). */
interface Builder {
  readonly prefix: string;
  readonly order: number | null;
  readonly caveats: readonly string[];
  readonly why?: undefined;
}
const APP: Builder = { prefix: '', order: null, caveats: [] };
const hostCaveat = (text: string): string => `${text} limits it to requests for those hosts (a matcher policy), which a route table does not hold: imported as if every host were allowed`;
interface Lost {
  /** Why the builder cannot be followed. */
  readonly why: string;
}
type Followed = Builder | Lost;
const lost = (value: Followed): value is Lost => value.why !== undefined;

/** One `.Name<…>(args)` of a chain, or a name of its dotted start. */
interface Link {
  readonly name: string;
  readonly args: readonly Argument[] | null;
}

interface FileContext {
  readonly file: string;
  readonly tokens: readonly Token[];
  readonly source: string;
  readonly declarations: FileDeclarations;
  /** Its methods, by where their bodies start. */
  readonly methods: readonly SourceMethod[];
}

/** RoutePatternFactory.Combine: a group's prefix and a pattern, each without its leading "~/" or "/", joined by one "/". */
export function joinPattern(prefix: string, pattern: string): string {
  const trim = (p: string): string => p.replace(/^~?\//, '').replace(/\/$/, '');
  return [trim(prefix), trim(pattern)].filter((p) => p !== '').join('/');
}

export class MinimalApis {
  readonly #files = new Map<string, FileContext>();
  readonly #bindingsOf = new Map<FileContext, Map<string, number[]>>();
  /** Caveats of a builder said once, at the first endpoint mapped on it. */
  readonly #said = new Set<string>();

  constructor(
    files: readonly { readonly file: string; readonly text: string; readonly declarations: FileDeclarations }[],
    readonly classes: SourceClasses,
    readonly callSites: ReadonlyMap<MethodDeclaration, readonly CallSite[]>,
    readonly evaluator: Evaluator,
  ) {
    for (const { file, text, declarations } of files) {
      const methods = declarations.classes.flatMap((owner) => owner.methods.map((method) => ({ file, owner, method }))).sort((a, b) => a.method.body[0] - b.method.body[0]);
      this.#files.set(file, { file, tokens: declarations.tokens, source: text, declarations, methods });
    }
  }

  /** The route of one endpoint (null for a group, or when none is imported), and what was skipped or noted. */
  read(file: string, call: Call): { route: ImportedRoute | null; findings: Finding[] } {
    const findings: Finding[] = [];
    const none = { route: null, findings };
    const context = this.#files.get(file);
    if (call.name === 'MapGroup' || context === undefined) return none;
    const text = shortText(call.text);
    const scope = call.inClass;
    const argument = (position: number, ...names: string[]): Argument | undefined => call.args.find((a) => a.name !== null && names.includes(a.name)) ?? call.args.filter((a) => a.name === null)[position];
    const patternArgument = argument(0, 'pattern');
    const lambda = foreignLambda(call.contexts);
    if (lambda !== undefined) {
      findings.push({ kind: 'skipped', file, line: call.line, text, message: `inside a lambda given to ${lambda.text}: what that call maps is the application's code` });
      return none;
    }
    if (patternArgument === undefined) {
      findings.push({ kind: 'skipped', file, line: call.line, text, message: 'it gives no route pattern' });
      return none;
    }
    const pattern = this.evaluator.evaluate(patternArgument.value, scope);
    if (isUnread(pattern)) {
      findings.push(unreadFinding(file, pattern, 'not imported: its pattern'));
      return none;
    }
    if (pattern.kind !== 'string') {
      findings.push({ kind: 'skipped', file, line: call.line, text, message: 'its pattern is not a string' });
      return none;
    }
    let methods: string[] | null = Object.hasOwn(VERBS, call.name) ? [VERBS[call.name]] : null;
    if (call.name === 'MapMethods') {
      const given = argument(1, 'httpMethods');
      const value = given === undefined ? null : this.evaluator.evaluate(given.value, scope);
      const verbs = value === null || isUnread(value) || value.kind !== 'array' ? null : value.items.map((item) => (item.kind === 'string' ? item.value.toUpperCase() : null));
      if (verbs === null || verbs.includes(null)) {
        findings.push(value !== null && isUnread(value) ? unreadFinding(file, value, 'not imported: its methods') : { kind: 'skipped', file, line: call.line, text, message: 'its methods are not an array of strings' });
        return none;
      }
      methods = verbs as string[];
    }

    // The builder it is mapped on: the application, or a group (its prefix, its Order).
    const builder: Followed = call.receiver === null ? { why: 'an unqualified call, on no builder the importer can follow' } : this.#chain(context, call.receiverAt, call.at - 1, 0, new Set());
    if (lost(builder)) {
      findings.push({ kind: 'unread', file, line: call.line, text, message: `not imported: the builder it is mapped on (${shortText(call.receiver ?? '')}): ${builder.why}` });
      return none;
    }
    // Its conventions: `.WithName(…)`, `.WithOrder(n)`, `.RequireHost(…)`.
    let name: string | null = null;
    let order = builder.order;
    const caveats = [...builder.caveats];
    const after = context.tokens[call.close + 1];
    const conventions = after?.kind === 'punct' && after.value === '.' ? this.#links(context, call.close + 2).links : [];
    for (const link of conventions) {
      const value = link.args?.[0] === undefined ? null : this.evaluator.evaluate(link.args[0].value, scope);
      if (link.name === 'WithName' && value !== null) {
        if (isUnread(value)) {
          findings.push(unreadFinding(file, value, 'not imported: its name'));
          return none;
        }
        if (value.kind === 'string') name = value.value;
      } else if (link.name === 'WithOrder' && value !== null) {
        if (isUnread(value) || value.kind !== 'number') {
          findings.push({ kind: 'skipped', file, line: call.line, text, message: 'not imported: its Order is not a constant integer' });
          return none;
        }
        order = value.value;
      } else if (link.name === 'RequireHost') caveats.push(hostCaveat(`.RequireHost(${(link.args ?? []).map((a) => a.value.text).join(', ')})`));
    }
    for (const caveat of caveats) {
      if (this.#said.has(caveat)) continue;
      if (builder.caveats.includes(caveat)) this.#said.add(caveat);
      findings.push({ kind: 'note', file, line: call.line, text, message: caveat });
    }
    for (const c of call.contexts) {
      const note = conditionNote(c);
      if (note !== null) findings.push({ kind: 'note', file, line: call.line, text, message: c.kind === 'loop' ? `imported once, but ${note}` : `imported, but ${note}` });
    }
    // ENDPOINT_DEFAULTS: links by values (Url.Action, with a controller and an action) never choose a minimal API.
    const template = joinPattern(builder.prefix, pattern.value);
    const definition: ImportedRoute['definition'] = { template };
    const defaults = endpointDefaults(template);
    if (Object.keys(defaults).length > 0) definition.defaults = defaults;
    if (name !== null) definition.name = name;
    if (methods !== null) definition.methods = methods;
    return { route: { definition, file, line: call.line, order: order ?? 0 }, findings };
  }

  /**
   * A chain `a.b.C(…).D(…)` at tokens[from, to): the builder it is. Its start is a variable or parameter of the
   * method it is in (followed), or a call that makes the application; then each call: MapGroup adds its prefix,
   * WithOrder and RequireHost are kept, a convention (`RequireAuthorization()`, `HasApiVersion(1.0)`) returns the
   * same builder; a method of the sources, or a library's Map…, is not followed. Its variable is the one bound
   * before `before` (an assignment's right-hand side: before the assignment).
   */
  #chain(context: FileContext, from: number, to: number, steps: number, seen: Set<string>, before = from): Followed {
    const { links, end } = this.#links(context, from, to);
    if (end !== to || links.length === 0) return { why: `\`${this.#text(context, from, to)}\` is an expression the importer does not follow` };
    let first = links.findIndex((l) => l.args !== null);
    if (first === -1) first = links.length;
    const path = links.slice(0, first).map((l) => l.name);
    let builder: Followed;
    let rest = links.slice(first);
    const application = rest.findLastIndex((l, i) => APPLICATION(l.name, i === 0 ? path : []));
    if (application !== -1) {
      builder = APP;
      rest = rest.slice(application + 1);
    } else if (path.length === 1) builder = this.#variable(context, path[0], before, steps, seen);
    else if (path.length === 0) return { why: `a method call (${links[0].name}): its result is known only when the application runs` };
    else return { why: `${path.join('.')} is a field or a property, whose value is known only when the application runs` };
    for (const link of rest) {
      if (lost(builder)) return builder;
      const scope = this.#methodAt(context, from)?.owner ?? null;
      const value = (index: number): CsValue | Unread | null => (link.args?.[index] === undefined ? null : this.evaluator.evaluate(link.args[index].value, scope));
      if (link.name === 'MapGroup') {
        const prefix = value(0);
        if (prefix === null || isUnread(prefix) || prefix.kind !== 'string') return { why: `the prefix of its MapGroup(${link.args?.map((a) => a.value.text).join(', ')}) is not a constant string` };
        builder = { ...builder, prefix: joinPattern(builder.prefix, prefix.value) };
      } else if (link.name === 'WithOrder') {
        const order = value(0);
        if (order === null || isUnread(order) || order.kind !== 'number') return { why: 'its group\'s Order is not a constant integer' };
        builder = { ...builder, order: order.value };
      } else if (link.name === 'RequireHost') builder = { ...builder, caveats: [...builder.caveats, hostCaveat(`its group's .RequireHost(${(link.args ?? []).map((a) => a.value.text).join(', ')})`)] };
      else if (this.classes.hasMethod(link.name)) return { why: `the builder ${link.name}(…) returns: the importer follows a method's calls, not what it returns` };
      else if (/^Map/.test(link.name) && !SAME_PREFIX.has(link.name)) return { why: `the builder ${link.name}(…) returns (a library's): its prefix is known only when the application runs` };
    }
    return builder;
  }

  /** A variable's builder (its last assignment before `at`), or a parameter's (what every caller passes). */
  #variable(context: FileContext, name: string, at: number, steps: number, seen: Set<string>): Followed {
    if (steps >= MAX_STEPS) return { why: `followed through more than ${MAX_STEPS} assignments and calls` };
    const { tokens } = context;
    const method = this.#methodAt(context, at);
    const [start] = method === null ? [0] : method.method.body;
    const inMethod = (i: number): boolean => (method === null ? this.#methodAt(context, i) === null : true);
    const match = bracketsOf(tokens);
    const bindings = this.#bindings(context).get(name) ?? [];
    // The last binding before `at`: found by halving, then back past those of other methods.
    let low = 0;
    for (let high = bindings.length; low < high; ) {
      const middle = (low + high) >>> 1;
      if (bindings[middle] < at) low = middle + 1;
      else high = middle;
    }
    for (let k = low - 1; k >= 0 && bindings[k] > start; k--) {
      const i = bindings[k];
      if (!inMethod(i)) continue;
      const next = tokens[i + 1] as { value: string };
      if (next.value !== '=') {
        // A lambda's parameter names its value only inside the lambda: `Select(g => g.ToUpper())` leaves g alone after it.
        const arrow = next.value === '=>' ? i + 1 : i + 2;
        if (at <= arrow || at > this.#lambdaEnd(context, arrow)) continue;
        return APP; // UseEndpoints(endpoints => …): the application's endpoints
      }
      // Assigned in an if, an else or a loop the call is not in: which assignment ran is known only at run time.
      const bound = context.declarations.contextsAt(i + 1);
      const used = context.declarations.contextsAt(at);
      const condition = bound.find((c, k) => c !== used[k]);
      if (condition !== undefined) return { why: `its group is assigned under a condition (\`${condition.text}\`): which group it is is known only when the application runs` };
      let end = i + 2;
      while (end < tokens.length && !(tokens[end].kind === 'punct' && (tokens[end] as { value: string }).value === ';')) end = match[end] > end ? match[end] + 1 : end + 1;
      // `g = g.MapGroup(…)`: the g on the right is the one bound before this assignment.
      return this.#chain(context, i + 2, end, steps + 1, seen, i);
    }
    if (method === null) return { why: `${name} is not assigned in the statements before it` };
    const index = this.#parameters(context, method.method).indexOf(name);
    if (index === -1) return { why: `${name} is a field or a property, whose value is known only when the application runs` };
    return this.#parameter(method, index, steps, seen);
  }

  /** What the callers of `method` pass as its parameter `index`: one builder when they all agree. */
  #parameter(method: SourceMethod, index: number, steps: number, seen: Set<string>): Followed {
    const sites = this.callSites.get(method.method) ?? [];
    const key = `${method.file}\u0000${method.method.line}\u0000${index}`;
    if (seen.has(key)) return { why: `a cycle of calls through ${method.owner.name}.${method.method.name}` };
    if (sites.length === 0) {
      // Nothing in the sources read calls it: the application does, with a builder no file given shows.
      const caveat = `nothing in the sources read calls ${method.owner.name}.${method.method.name}: imported as mapped on the application's endpoints, without a group's prefix (give the file that calls it to follow the builder it is given)`;
      return { ...APP, caveats: [caveat] };
    }
    const found: { builder: Builder; where: string }[] = [];
    for (const { file, invocation } of sites) {
      const context = this.#files.get(file)!;
      const where = `${file}:${invocation.line}`;
      let range: [number, number] | undefined;
      if (method.method.isExtension && index === 0) range = [invocation.receiverAt, invocation.at - 1];
      else {
        const args = splitTopLevel(context.tokens, invocation.open + 1, bracketsOf(context.tokens)[invocation.open]).filter(([a, b]) => a < b);
        range = args[index - (method.method.isExtension ? 1 : 0)];
      }
      if (range === undefined || range[0] >= range[1]) return { why: `its caller at ${where} passes no builder the importer can read` };
      const builder = this.#chain(context, range[0], range[1], steps + 1, new Set([...seen, key]));
      if (lost(builder)) return { why: `${builder.why} (the builder given at ${where})` };
      found.push({ builder, where });
    }
    const same = found.every(({ builder }) => JSON.stringify(builder) === JSON.stringify(found[0].builder));
    if (!same) return { why: `its callers map it on different builders (${found.map(({ builder, where }) => `"${builder.prefix}" at ${where}`).join(', ')})` };
    return found[0].builder;
  }

  /** The names of a method's parameters, in order (from its parameter list, before its body). */
  #parameters(context: FileContext, method: MethodDeclaration): string[] {
    const { tokens } = context;
    const match = bracketsOf(tokens);
    let close = method.body[0] - 1;
    while (close > 0 && !(tokens[close].kind === 'punct' && (tokens[close] as { value: string }).value === ')')) close--;
    const open = match[close];
    if (open < 0) return [];
    return splitTopLevel(tokens, open + 1, close).map(([a, b]) => {
      const equals = tokens.slice(a, b).findIndex((t) => t.kind === 'punct' && t.value === '=');
      const named = tokens.slice(a, equals === -1 ? b : a + equals).filter((t) => t.kind === 'ident');
      return (named.at(-1) as { value: string } | undefined)?.value ?? '';
    });
  }

  /**
   * Where each name of a file is bound, in order: `name = …` (an assignment), `name =>` and `(…, name) =>` (a lambda's
   * parameter). Found once per file, so that following a variable used 30,000 times does not rescan the file each time.
   */
  #bindings(context: FileContext): Map<string, number[]> {
    const known = this.#bindingsOf.get(context);
    if (known !== undefined) return known;
    const { tokens } = context;
    const match = bracketsOf(tokens);
    const bindings = new Map<string, number[]>();
    for (let i = 1; i < tokens.length; i++) {
      const t = tokens[i];
      if (t.kind !== 'ident') continue;
      const next = tokens[i + 1];
      const after = tokens[i + 2];
      const before = tokens[i - 1];
      if (next?.kind !== 'punct') continue;
      const lambda = next.value === '=>' || (next.value === ')' && this.#isLambdaParameter(tokens, match, i));
      const assignment = next.value === '=' && !(after?.kind === 'punct' && (after.value === '=' || after.value === '>')) && !(before?.kind === 'punct' && before.value === '.');
      if (!lambda && !assignment) continue;
      const list = bindings.get(t.value);
      if (list === undefined) bindings.set(t.value, [i]);
      else list.push(i);
    }
    this.#bindingsOf.set(context, bindings);
    return bindings;
  }

  /** Whether the identifier at tokens[i] is in a parenthesised lambda parameter list: `(HttpContext c) =>`. */
  #isLambdaParameter(tokens: readonly Token[], match: Int32Array, i: number): boolean {
    const arrow = tokens[i + 2];
    return match[i + 1] !== -1 && arrow?.kind === 'punct' && arrow.value === '=>';
  }

  /** Where the lambda whose `=>` is tokens[arrow] ends: the `,`, `;` or closing bracket after its body. */
  #lambdaEnd(context: FileContext, arrow: number): number {
    const { tokens } = context;
    const match = bracketsOf(tokens);
    let j = arrow + 1;
    while (j < tokens.length) {
      const t = tokens[j];
      if (t.kind === 'punct' && [',', ';', ')', ']', '}'].includes(t.value)) return j;
      j = match[j] > j ? match[j] + 1 : j + 1;
    }
    return j;
  }

  /** `a.b.C<T>(…).D(…)` from tokens[from], up to tokens[to] at most: its links, and where it ends. */
  #links(context: FileContext, from: number, to = context.tokens.length): { links: Link[]; end: number } {
    const { tokens, source } = context;
    const match = bracketsOf(tokens);
    const links: Link[] = [];
    let i = from;
    const punct = (at: number, value: string): boolean => tokens[at]?.kind === 'punct' && (tokens[at] as { value: string }).value === value;
    for (;;) {
      const start = i;
      if (i >= to) break;
      if (links.length > 0) {
        if (!punct(i, '.')) break;
        i++;
      }
      const t = tokens[i];
      if (t?.kind !== 'ident') return { links, end: start };
      i++;
      if (punct(i, '<')) {
        // Generic arguments: `AddEndpointFilter<T>(…)`.
        let depth = 0;
        let j = i;
        for (; j < tokens.length && j < i + 64; j++) {
          if (punct(j, '<')) depth++;
          else if (punct(j, '>') && --depth === 0) break;
        }
        if (punct(j + 1, '(')) i = j + 1;
      }
      if (punct(i, '(') && match[i] > i) {
        const close = match[i];
        const args = splitTopLevel(tokens, i + 1, close)
          .filter(([a, b]) => a < b)
          .map(([a, b]): Argument => {
            const named = tokens[a]?.kind === 'ident' && punct(a + 1, ':') && !punct(a + 2, ':');
            return { name: named ? (tokens[a] as { value: string }).value : null, style: named ? 'named' : 'positional', value: parseExpression(tokens, named ? a + 2 : a, b, source) };
          });
        links.push({ name: t.value, args });
        i = close + 1;
      } else links.push({ name: t.value, args: null });
    }
    return { links, end: i };
  }

  /** The method whose body holds tokens[at]: bodies do not nest, so the last to start before it, found by halving. */
  #methodAt(context: FileContext, at: number): SourceMethod | null {
    const { methods } = context;
    let low = 0;
    for (let high = methods.length; low < high; ) {
      const middle = (low + high) >>> 1;
      if (methods[middle].method.body[0] < at) low = middle + 1;
      else high = middle;
    }
    const found = methods[low - 1];
    return found !== undefined && at <= found.method.body[1] ? found : null;
  }

  #text(context: FileContext, from: number, to: number): string {
    return from >= to ? '' : context.source.slice(context.tokens[from].start, context.tokens[to - 1].end).replace(/\s+/g, ' ');
  }
}
