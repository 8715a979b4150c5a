// Conventional routes: `routes.MapRoute(name, url, defaults, constraints, namespaces)` (ASP.NET MVC 5, and its
// named-argument forms), `MapHttpRoute` (Web API 2), `MapControllerRoute`, `MapAreaControllerRoute`,
// `MapAreaRoute`, `MapDefaultControllerRoute` (ASP.NET Core), `context.MapRoute` in an AreaRegistration,
// `IgnoreRoute`, and an application's own `Map…Route` extension methods, read as MapRoute. One call at a time:
// registration-order.ts says in which order the calls are made (ASP.NET tries conventional routes in that order).
import type { Call, CallContext, ClassDeclaration, FileDeclarations } from './declarations.js';
import type { Argument } from './expressions.js';
import { escapeRegex, regexConstraint, routeConstraints, routeData, shortText, unreadFinding, type Finding, type ImportedRoute } from './imported-route.js';
import type { SourceClasses } from './source-classes.js';
import { isUnread, type CsValue, type Evaluator, type Unread } from './values.js';

/** The parameters of each registration method, in order; `a|b` is one parameter with two names (MVC 5 | Core). */
const SIGNATURES: Readonly<Record<string, readonly string[]>> = {
  MapRoute: ['name', 'url|template', 'defaults', 'constraints', 'namespaces|dataTokens'],
  MapHttpRoute: ['name', 'routeTemplate', 'defaults', 'constraints', 'handler'],
  MapControllerRoute: ['name', 'pattern', 'defaults', 'constraints', 'dataTokens'],
  MapAreaControllerRoute: ['name', 'areaName', 'pattern', 'defaults', 'constraints', 'dataTokens'],
  MapAreaRoute: ['name', 'areaName', 'template', 'defaults', 'constraints', 'dataTokens'],
  MapDefaultControllerRoute: [],
  IgnoreRoute: ['url', 'constraints'],
};

/** Lambdas whose calls register routes on the app's route table (the usual places to write them). */
const ROUTE_HOSTS = new Set(['UseEndpoints', 'UseMvc', 'UseRouter', 'UseMvcWithDefaultRoute', 'MapAreas', 'Configure']);

/** Whether a called method's name is one this reader reads (an application's `Map…Route` included). */
export const isConventionalCall = (name: string): boolean => Object.hasOwn(SIGNATURES, name) || /^Map\w*Route$/.test(name);

/** Endpoints that are neither MVC routes nor minimal APIs, and what each is, for the report: reported, not read. */
const ENDPOINTS: readonly (readonly [RegExp, (name: string) => string])[] = [
  [/^MapFallback\w*$/, (name) => `a fallback endpoint (${name}): it takes what no other endpoint takes, at the lowest precedence, which a route table does not hold; not imported`],
  [/^Map(?:Hub|BlazorHub)$/, (name) => `a SignalR hub (${name}): its endpoints are SignalR's (negotiation, connections), not imported`],
  [/^MapRazorPages$/, (name) => `Razor Pages (${name}): their routes are in the .cshtml files' @page directives, which the importer does not read`],
  [/^MapRazorComponents$/, (name) => `Razor components (${name}): their routes are in the .razor files' @page directives, which the importer does not read`],
  [/^MapDynamic(?:Controller|Page)Route$/, (name) => `a dynamic route (${name}): the application's transformer chooses its route values when a request comes, so it is not imported`],
  [/^Map(?:HealthChecks|GrpcService|OpenApi|StaticAssets)$/, (name) => `an endpoint of ${name} (its handler is ASP.NET's or a library's, not the application's): not imported`],
];

/** A call that maps an endpoint other than an MVC route or a minimal API (a SignalR hub, Razor Pages, a fallback…). */
export const isEndpointCall = (name: string): boolean => ENDPOINTS.some(([pattern]) => pattern.test(name));

/** ASP.NET's Map… methods that map no endpoint of their own: attribute routes come from the controllers; MapWhen branches the pipeline. */
const NOT_ENDPOINTS = new Set(['MapControllers', 'MapWhen']);

/**
 * A library's own `Map…` call on the endpoints (`endpoints.MapMetrics()`, `app.MapVersionEndpoint()`): a method of
 * no file read, so what it maps is not known; said, not dropped. A call counts as made on the endpoints when it is
 * in a lambda given to UseEndpoints, or on a value the file registers routes on (or calls MapControllers on).
 */
export function libraryEndpoints(file: string, declarations: FileDeclarations, classes: SourceClasses): Finding[] {
  const registering = new Set(declarations.calls.map((c) => c.at));
  const builders = new Set([...declarations.calls.map((c) => c.receiver), ...declarations.invocations.filter((i) => i.name === 'MapControllers').map((i) => i.receiver)]);
  const findings: Finding[] = [];
  for (const invocation of declarations.invocations) {
    const { name, receiver } = invocation;
    const mounted = name === 'MapControllers' ? foreignLambda(declarations.contextsAt(invocation.at)) : undefined;
    if (mounted !== undefined) {
      // app.Map(prefix, branch => …) serves what the branch maps under that prefix (the request's PathBase): the templates lack it.
      findings.push({ kind: 'note', file, line: invocation.line, text: `${receiver ?? ''}${receiver === null ? '' : '.'}${name}(…)`, message: `the attribute routes are mapped inside a lambda given to ${mounted.text}: imported as their templates are written, but what that call does with them (app.Map(prefix, …) serves them under its prefix, app.UseWhen(…) only when its condition holds) is the application's code` });
      continue;
    }
    if (registering.has(invocation.at) || !/^Map[A-Z]\w*$/.test(name) || NOT_ENDPOINTS.has(name) || classes.hasMethod(name)) continue;
    const onEndpoints = builders.has(receiver) || declarations.contextsAt(invocation.at).some((c) => c.kind === 'lambda' && c.callee === 'UseEndpoints');
    if (!onEndpoints || receiver === null) continue;
    findings.push({ kind: 'skipped', file, line: invocation.line, text: `${receiver}.${name}(…)`, message: `${name} is not a method of the sources read (a library's, or of a file not given): the endpoints it maps are not imported` });
  }
  return findings;
}

/** A lambda given to a call that is not one of the usual places to register routes, around `contexts`' innermost part. */
export const foreignLambda = (contexts: readonly CallContext[]): CallContext | undefined => contexts.find((c) => c.kind === 'lambda' && !ROUTE_HOSTS.has(c.callee ?? ''));

/** What a condition or a loop around a registration means for it, as a note's words. */
export function conditionNote(context: CallContext): string | null {
  if (context.kind === 'if') return `registered only when \`${context.text}\` holds`;
  if (context.kind === 'else') return `registered only in the \`${context.text}\``;
  if (context.kind === 'loop') return `registered on each turn of \`${context.text}\``;
  return null;
}

/** ASP.NET Core's registrations: endpoint routing makes each route one endpoint per action it reaches. */
const ENDPOINT_ROUTING = new Set(['MapControllerRoute', 'MapAreaControllerRoute', 'MapAreaRoute', 'MapDefaultControllerRoute']);

/**
 * The route of one conventional registration (null when none is imported), and what was skipped or noted.
 * `isMvc5`: the file is ASP.NET MVC 5's, whose MapRoute matches the URL before it looks for a controller.
 */
export function conventionalRoute(file: string, call: Call, evaluator: Evaluator, isMvc5: boolean): { route: ImportedRoute | null; findings: Finding[] } {
  const findings: Finding[] = [];
  const text = shortText(call.text);
  if (isEndpointCall(call.name)) {
    const [, what] = ENDPOINTS.find(([pattern]) => pattern.test(call.name))!;
    findings.push({ kind: 'skipped', file, line: call.line, text, message: what(call.name) });
    return { route: null, findings };
  }
  const lambda = foreignLambda(call.contexts);
  if (lambda !== undefined) {
    findings.push({ kind: 'skipped', file, line: call.line, text, message: `inside a lambda given to ${lambda.text}: what that call registers is the application's code` });
    return { route: null, findings };
  }
  const read = readCall(file, call, evaluator, findings);
  if (read === null) return { route: read, findings };
  const isCore = ENDPOINT_ROUTING.has(call.name) || (!isMvc5 && call.name !== 'IgnoreRoute' && call.name !== 'MapHttpRoute' && !(call.inClass !== null && isAreaRegistration(call.inClass)));
  const route: ImportedRoute = isCore ? { ...read, endpointRouting: true } : read;
  for (const c of call.contexts) {
    const note = conditionNote(c);
    if (note !== null) findings.push({ kind: 'note', file, line: call.line, text, message: c.kind === 'loop' ? `imported once, but ${note}` : `imported, but ${note}` });
  }
  if (!Object.hasOwn(SIGNATURES, call.name)) {
    findings.push({ kind: 'note', file, line: call.line, text, message: `${call.name} is the application's own method: read as MapRoute(name, url, defaults, constraints, namespaces)` });
  }
  return { route, findings };
}

/** One registration as a route, or null (with a finding) when a part that decides matching cannot be read. */
function readCall(file: string, call: Call, evaluator: Evaluator, findings: Finding[]): ImportedRoute | null {
  const text = shortText(call.text);
  const scope = call.inClass;
  const skip = (message: string): null => {
    findings.push({ kind: 'skipped', file, line: call.line, text, message });
    return null;
  };
  const lost = (unread: Unread, what: string): null => {
    findings.push(unreadFinding(file, unread, what));
    return null;
  };
  if (call.name === 'MapDefaultControllerRoute') {
    return { definition: { name: 'default', template: '{controller=Home}/{action=Index}/{id?}' }, file, line: call.line };
  }
  const signature = SIGNATURES[call.name] ?? SIGNATURES.MapRoute;
  const given = bindArguments(call, signature, evaluator, scope, findings, file);
  if (given === null) return null;
  const value = (parameter: string): CsValue | Unread | undefined => given.get(parameter);

  // The name and the template decide what the route is: without them there is no route to write.
  const nameValue = value('name');
  let name: string | undefined;
  if (nameValue !== undefined) {
    if (isUnread(nameValue)) return lost(nameValue, `not imported: its name`);
    if (nameValue.kind === 'string') name = nameValue.value;
    else if (nameValue.kind !== 'null') return skip('its name is not a string');
  }
  const templateValue = value('url') ?? value('template') ?? value('pattern') ?? value('routeTemplate');
  if (templateValue === undefined) return skip('it gives no URL template');
  if (isUnread(templateValue)) return lost(templateValue, 'not imported: its template');
  if (templateValue.kind !== 'string') return skip('its template is not a string');
  // ASP.NET Core trims a leading "~/" or "/" from a pattern (MVC 5 refuses one; an app that runs has none).
  const template = templateValue.value.replace(/^~?\//, '');

  let defaults: Record<string, unknown> = {};
  const defaultsValue = value('defaults');
  if (defaultsValue !== undefined) {
    const read = routeData(defaultsValue, file, 'not imported: its defaults', findings);
    if (read === null) return null;
    defaults = read;
  }
  let dataTokens: Record<string, unknown> = {};
  const tokensValue = value('dataTokens');
  if (tokensValue !== undefined) {
    const read = routeData(tokensValue, file, 'not imported: its data tokens', findings);
    if (read === null) return null;
    dataTokens = read;
  }
  const namespaces = value('namespaces');
  if (namespaces !== undefined && !isUnread(namespaces) && namespaces.kind === 'array') {
    const list = namespaces.items.flatMap((n) => (n.kind === 'string' ? [n.value] : []));
    if (list.length > 0) dataTokens.Namespaces = list;
  } else if (namespaces !== undefined && isUnread(namespaces)) {
    findings.push(unreadFinding(file, namespaces, 'its namespaces (a data token) left out'));
  }
  let constraints: Record<string, string> = {};
  let methods: string[] | null = null;
  const constraintsValue = value('constraints');
  if (constraintsValue !== undefined) {
    const read = routeConstraints(constraintsValue, file, call.line, findings);
    if (read === null) return null;
    ({ constraints, methods } = read);
  }

  // An area: MapAreaControllerRoute's areaName (a default and an exact constraint, as ASP.NET Core adds them),
  // or the AreaRegistration the call is made in (a data token and a default).
  const areaValue = value('areaName');
  if (areaValue !== undefined) {
    if (isUnread(areaValue)) return lost(areaValue, 'not imported: its area');
    if (areaValue.kind !== 'string') return skip('its area name is not a string');
    defaults = { ...defaults, area: areaValue.value };
    const exact = regexConstraint(escapeRegex(areaValue.value));
    if ('value' in exact) constraints = { ...constraints, area: exact.value };
  } else if (scope !== null && isAreaRegistration(scope)) {
    if (scope.areaName === null) return skip(`${scope.name} is an AreaRegistration whose AreaName the importer cannot find`);
    const area = evaluator.evaluate(scope.areaName, scope);
    if (isUnread(area)) return lost(area, `not imported: the AreaName of ${scope.name}`);
    if (area.kind !== 'string') return skip(`the AreaName of ${scope.name} is not a string`);
    dataTokens = { ...dataTokens, area: area.value };
    if (!Object.keys(defaults).some((k) => k.toLowerCase() === 'area')) defaults = { ...defaults, area: area.value };
  }
  if (call.name === 'IgnoreRoute') {
    // A request it matches reaches no controller: ASP.NET hands it back to the server (StopRoutingHandler).
    dataTokens = { ...dataTokens, ignore: true };
  }

  const definition: ImportedRoute['definition'] = { template };
  if (name !== undefined) definition.name = name;
  if (Object.keys(defaults).length > 0) definition.defaults = defaults;
  if (Object.keys(constraints).length > 0) definition.constraints = constraints;
  if (methods !== null) definition.methods = methods;
  if (Object.keys(dataTokens).length > 0) definition.dataTokens = dataTokens;
  return { definition, file, line: call.line };
}

/** A class that derives from MVC 5's AreaRegistration: its MapRoute calls are the area's. */
export const isAreaRegistration = (c: ClassDeclaration): boolean => c.baseTypes.some((b) => b === 'AreaRegistration');

/**
 * The call's arguments by parameter name: named ones by their name, positional ones in order. For MapRoute, a
 * string array is the namespaces wherever it stands (MVC 5 overloads put it third, fourth or fifth); an
 * argument that fits no parameter (an application's overload) is reported and left out.
 */
function bindArguments(call: Call, signature: readonly string[], evaluator: Evaluator, scope: ClassDeclaration | null, findings: Finding[], file: string): Map<string, CsValue | Unread> | null {
  const bound = new Map<string, CsValue | Unread>();
  const canonical = (parameter: string): string => parameter.split('|')[0];
  const named = (argument: Argument): string | null => {
    const hit = signature.find((p) => p.split('|').includes(argument.name ?? ''));
    if (hit === undefined) return null;
    // `url` and `template` both land on "url|template": keep the name the reader looks for.
    return argument.name === 'template' || argument.name === 'pattern' || argument.name === 'routeTemplate' ? argument.name! : argument.name === 'dataTokens' ? 'dataTokens' : canonical(hit);
  };
  const slots = signature.map((p) => (p === 'url|template' ? 'url' : p === 'namespaces|dataTokens' ? 'namespaces|dataTokens' : canonical(p)));
  let next = 0;
  for (const argument of call.args) {
    const value = evaluator.evaluate(argument.value, scope);
    if (argument.name !== null) {
      const parameter = named(argument);
      if (parameter === null) {
        findings.push({ kind: 'note', file, line: argument.value.line, text: shortText(`${argument.name}: ${argument.value.text}`), message: `argument "${argument.name}" is not one of ${call.name}'s route parameters: left out` });
        continue;
      }
      bound.set(parameter, value);
      continue;
    }
    const isStringArray = !isUnread(value) && value.kind === 'array' && value.items.every((i) => i.kind === 'string');
    if (call.name !== 'MapHttpRoute' && slots.includes('namespaces|dataTokens') && isStringArray && next >= 2) {
      bound.set('namespaces', value);
      next = slots.length;
      continue;
    }
    // A route value argument is an object; an array or an instance of another class is an overload's extra.
    const isData = isUnread(value) || value.kind === 'object' || value.kind === 'null';
    while (next < slots.length && bound.has(slots[next])) next++;
    const slot = slots[next];
    if (slot === undefined || slot === 'handler' || (next >= 2 && !isData && slot !== 'areaName')) {
      findings.push({ kind: 'note', file, line: argument.value.line, text: shortText(argument.value.text), message: `argument ${call.args.indexOf(argument) + 1} of ${call.name} is not a route value, a constraint or a namespace list: left out` });
      continue;
    }
    bound.set(slot === 'namespaces|dataTokens' ? 'dataTokens' : slot, value);
    next++;
  }
  return bound;
}
