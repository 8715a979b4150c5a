// Attribute routes: `[Route]` on controllers and actions, `[HttpGet("…", Name = "…", Order = n)]` and the other
// verbs, `[AcceptVerbs]`, `[Area]`, MVC 5's `[RoutePrefix]` and `[RouteArea]`; combined as ASP.NET Core's
// AttributeRouteModel combines them (an action template starting with "~/" or "/" discards the controller's),
// with [controller], [action] and [area] replaced. ASP.NET does not try attribute routes in the order they are
// written: see attributeOrder() below for the order it gives them.
import { formatTemplate, parseTemplate } from '../../index.js';
import type { ControllerAction } from './conventional-reach.js';
import type { Attribute, ClassDeclaration, MethodDeclaration } from './declarations.js';
import { escapeRegex, regexConstraint, shortText, unreadFinding, type Finding, type ImportedRoute } from './imported-route.js';
import type { SourceClasses } from './source-classes.js';
import { isUnread, type Evaluator } from './values.js';

const VERBS: Readonly<Record<string, string>> = {
  HttpGet: 'GET',
  HttpPost: 'POST',
  HttpPut: 'PUT',
  HttpDelete: 'DELETE',
  HttpPatch: 'PATCH',
  HttpHead: 'HEAD',
  HttpOptions: 'OPTIONS',
};

/** ASP.NET's attributes that choose an action by more than its route: the request's content type, its host. */
const ASPNET_ACTION_CONSTRAINTS = new Set(['Consumes', 'Host']);
/** What an application's own action constraint attribute implements or derives from. */
const ACTION_CONSTRAINT_TYPES = new Set(['IActionConstraint', 'IActionConstraintFactory', 'IActionConstraintMetadata', 'ActionMethodSelectorAttribute']);

/** Methods a controller inherits from ASP.NET's base classes: never actions. */
const NOT_ACTIONS = new Set(['Dispose', 'OnActionExecuting', 'OnActionExecuted', 'OnActionExecutionAsync', 'ToString', 'Equals', 'GetHashCode']);

/** One route-defining attribute, read: its template (null: none), name, order and methods. */
interface RouteAttribute {
  readonly template: string | null;
  readonly name: string | null;
  readonly order: number | null;
  /** The verbs it limits to; null for [Route], which limits to none. */
  readonly methods: readonly string[] | null;
  readonly attribute: Attribute;
}

/**
 * The routes of the actions of every controller in `classes` (one file's), and what was skipped. A controller's
 * attributes are those of all its parts (a partial class), and what it inherits: the [Route]s of the nearest class
 * that has any, and the [Area] of the nearest that has one (ASP.NET's DefaultApplicationModelProvider).
 */
export function attributeRoutes(file: string, classes: readonly ClassDeclaration[], allClasses: SourceClasses, evaluator: Evaluator, isMvc5: boolean): { routes: ImportedRoute[]; findings: Finding[]; controllers: number; actions: ControllerAction[] } {
  const routes: ImportedRoute[] = [];
  const findings: Finding[] = [];
  const actions: ControllerAction[] = [];
  let controllers = 0;
  // Each class attribute with the class part that declares it: its constants are that class's, its line in that file.
  const declaredIn = new Map<Attribute, ClassDeclaration>();
  const attributesOf = (c: ClassDeclaration): Attribute[] =>
    allClasses.partsOf(c).flatMap((part) => {
      for (const attribute of part.attributes) declaredIn.set(attribute, part);
      return part.attributes;
    });
  for (const controller of classes) {
    if (!isController(allClasses.partsOf(controller), attributesOf(controller))) continue;
    controllers++;
    const scopeOf = (attribute: Attribute): ClassDeclaration => declaredIn.get(attribute) ?? controller;
    /** A class attribute in the scope of the part that declares it; an action's in the scope of its method's class. */
    const read = (attribute: Attribute, action?: Action): RouteAttribute | null => {
      const scope = action?.part ?? scopeOf(attribute);
      return readAttribute(action?.file ?? (scope === controller ? file : allClasses.fileOf(scope)), attribute, scope, evaluator, findings);
    };
    const own = attributesOf(controller);
    const hierarchy: ClassDeclaration[] = [];
    for (let base = allClasses.baseOf(controller); base !== null && hierarchy.length < 16 && !hierarchy.includes(base); base = allClasses.baseOf(base)) hierarchy.push(base);
    const inherited = (has: (a: Attribute) => boolean): Attribute[] => (own.some(has) ? [] : (hierarchy.map(attributesOf).find((list) => list.some(has)) ?? []).filter(has));
    const odata = odataRouting(controller, hierarchy, allClasses);
    if (odata !== null) {
      const count = actionsOf(controller, hierarchy, file, allClasses).length;
      findings.push({ kind: 'skipped', file, line: controller.line, text: controller.name, message: `${controller.name} is an OData controller (${odata}): OData's routing conventions make its routes from the application's EDM model when it starts, so its ${count} action${count === 1 ? '' : 's'} ${count === 1 ? 'is' : 'are'} not imported` });
      continue;
    }
    const classAttributes = [...own, ...inherited(isRouteAttribute), ...inherited(isAreaAttribute)];
    const controllerName = controller.name.replace(/Controller$/, '');
    let area: string | null = null;
    let areaPrefix: string | null = null;
    for (const attribute of classAttributes) {
      if (!isAreaAttribute(attribute)) continue;
      const value = attribute.args[0] === undefined ? null : evaluator.evaluate(attribute.args[0].value, scopeOf(attribute));
      if (value === null || isUnread(value) || value.kind !== 'string') {
        findings.push(value !== null && isUnread(value) ? unreadFinding(file, value, `${controller.name} not read: its area`) : { kind: 'skipped', file, line: attribute.line, text: shortText(attribute.text), message: `${controller.name} not read: its area is not a string` });
        area = null;
        areaPrefix = '\u0000';
        break;
      }
      area = value.value;
      if (attribute.name === 'RouteArea') {
        // MVC 5: the area's routes start with AreaPrefix, or the area's name.
        const prefix = attribute.args.find((a) => a.name === 'AreaPrefix');
        const prefixValue = prefix === undefined ? value : evaluator.evaluate(prefix.value, scopeOf(attribute));
        areaPrefix = !isUnread(prefixValue) && prefixValue.kind === 'string' ? prefixValue.value : '\u0000';
      }
    }
    if (areaPrefix === '\u0000') continue;

    // The controller's templates: [Route] (Core), [RoutePrefix] (MVC 5). None: actions stand alone.
    const controllerRoutes: (RouteAttribute | null)[] = [];
    for (const attribute of classAttributes) {
      if (isGenericRouteAttribute(attribute)) findings.push(genericAttributeFinding(allClasses.fileOf(scopeOf(attribute)), attribute));
      if (attribute.name === 'Route' && isMvc5) {
        findings.push({ kind: 'skipped', file, line: attribute.line, text: shortText(attribute.text), message: `in ASP.NET MVC 5 a controller's [Route] routes each of its actions that has none of its own, by {action}: not read` });
        continue;
      }
      if (attribute.name !== 'Route' && attribute.name !== 'RoutePrefix') continue;
      const read1 = read(attribute);
      if (read1 !== null) controllerRoutes.push(read1);
    }
    if (areaPrefix !== null) {
      const prefixed = controllerRoutes.length === 0 ? [null] : controllerRoutes;
      controllerRoutes.splice(0, controllerRoutes.length, ...prefixed.map((r) => ({ template: combine(areaPrefix, r?.template ?? null), name: r?.name ?? null, order: r?.order ?? null, methods: null, attribute: r?.attribute ?? classAttributes[0] })));
    }
    if (controllerRoutes.length === 0) controllerRoutes.push(null);

    const unrouted: string[] = [];
    let routed = 0;
    for (const found of actionsOf(controller, hierarchy, file, allClasses)) {
      const { method } = found;
      const actionNameAttribute = method.attributes.find((a) => a.name === 'ActionName');
      let action = method.name.replace(/Async$/, '');
      if (actionNameAttribute !== undefined && actionNameAttribute.args[0] !== undefined) {
        const value = evaluator.evaluate(actionNameAttribute.args[0].value, found.part);
        if (isUnread(value) || value.kind !== 'string') continue;
        action = value.value;
      }
      // ASP.NET Core's selectors: each attribute with a template is one; verb attributes without a template add
      // their verbs to the [Route] ones, or make one more selector of their own when every template is a verb's.
      const defining: RouteAttribute[] = [];
      const silent: RouteAttribute[] = [];
      let broken = false;
      for (const attribute of method.attributes) {
        if (isGenericRouteAttribute(attribute)) findings.push(genericAttributeFinding(found.file, attribute));
        if (!isRouteAttribute(attribute) || attribute.name === 'RoutePrefix') continue;
        const r = read(attribute, found);
        if (r === null) {
          broken = true;
          continue;
        }
        (r.template === null ? silent : defining).push(r);
      }
      if (broken) continue;
      const silentMethods = silent.length === 0 ? null : [...new Set(silent.flatMap((s) => s.methods ?? []))];
      const selectors: { template: string | null; name: string | null; order: number | null; methods: readonly string[] | null; line: number }[] = [];
      const absorbs = defining.some((d) => d.methods === null);
      for (const d of defining) selectors.push({ template: d.template, name: d.name, order: d.order, methods: d.methods ?? (absorbs ? silentMethods : null), line: d.attribute.line });
      if (defining.length === 0 || (!absorbs && silent.length > 0)) selectors.push({ template: null, name: silent[0]?.name ?? null, order: silent[0]?.order ?? null, methods: silentMethods, line: silent[0]?.attribute.line ?? method.line });

      const seen = new Set<string>();
      let any = false;
      for (const selector of selectors) {
        for (const left of controllerRoutes) {
          const absolute = selector.template !== null && /^~?\//.test(selector.template);
          const base = left === null || absolute ? null : left;
          const joined = combine(base?.template ?? null, selector.template);
          if (joined === null) continue;
          const values: Record<string, string> = { controller: controllerName, action };
          if (area !== null) values.area = area;
          const template = replaceTokens(joined, values);
          const name = selector.name === null && (selector.template === null || selector.template === '') ? (base?.name ?? null) : selector.name;
          const routeName = name === null ? null : replaceTokens(name, values);
          if (typeof template !== 'string' || (routeName !== null && typeof routeName !== 'string')) {
            const problem = typeof template !== 'string' ? template : (routeName as { error: string });
            findings.push({ kind: 'skipped', file: found.file, line: selector.line, text: `${controller.name}.${method.name}`, message: `its template "${joined}": ${problem.error}` });
            continue;
          }
          const key = `${template}\u0000${routeName}\u0000${selector.methods}`;
          if (seen.has(key)) continue;
          seen.add(key);
          any = true;
          const required: Record<string, string> = area === null ? { controller: controllerName, action } : { area, controller: controllerName, action };
          const definition: ImportedRoute['definition'] = withRequiredValues(template, required);
          if (routeName !== null) definition.name = routeName;
          if (selector.methods !== null && selector.methods.length > 0) definition.methods = [...selector.methods];
          routes.push({ definition, file: found.file, line: selector.line, order: selector.order ?? base?.order ?? 0 });
        }
      }
      // Every action, for what conventional routes reach and for `exists`; its verbs are those without a template.
      actions.push({ area, controller: controllerName, action, methods: silentMethods, attributeRouted: any, file: found.file, line: method.line });
      if (any) {
        routed++;
        for (const attribute of method.attributes) {
          if (isActionConstraint(attribute, found.part, allClasses)) findings.push(constraintNote(found.file, attribute, `${controller.name}.${method.name}`));
        }
      }
      else unrouted.push(method.name);
    }
    for (const attribute of controller.attributes) {
      if (routed > 0 && isActionConstraint(attribute, controller, allClasses)) findings.push(constraintNote(file, attribute, controller.name));
    }
    if (routed > 0 && unrouted.length > 0) {
      findings.push({ kind: 'note', file, line: controller.line, text: controller.name, message: `actions without an attribute route (${unrouted.join(', ')}): ASP.NET reaches them by the conventional routes, if any` });
    }
  }
  return { routes, findings, controllers, actions };
}

/** A method ASP.NET takes for an action of a controller: its own, or inherited from a base class of the sources. */
interface Action {
  readonly method: MethodDeclaration;
  /** The class part that declares it (the controller's, or a base class's). */
  readonly part: ClassDeclaration;
  readonly file: string;
}

/**
 * The actions of the part `controller` (of `file`): its public instance methods that are not constructors,
 * generic or [NonAction]; and, from the controller's first part, the public methods it inherits from its base
 * classes of the sources (ASP.NET's DefaultApplicationModelProvider reads every public method of the type), a
 * method of the same name and parameters nearer the controller hiding a base one.
 */
function actionsOf(controller: ClassDeclaration, hierarchy: readonly ClassDeclaration[], file: string, classes: SourceClasses): Action[] {
  const isAction = (m: MethodDeclaration, part: ClassDeclaration): boolean => m.isPublic && !m.isStatic && !m.isGeneric && m.name !== part.name && !NOT_ACTIONS.has(m.name) && !m.attributes.some((a) => a.name === 'NonAction');
  const actions: Action[] = controller.methods.filter((m) => isAction(m, controller)).map((method) => ({ method, part: controller, file }));
  if (classes.partsOf(controller)[0] !== controller) return actions;
  const signature = (m: MethodDeclaration): string => `${m.name}\u0000${m.arity.min}\u0000${m.arity.max}`;
  const seen = new Set(classes.partsOf(controller).flatMap((part) => part.methods.map(signature)));
  for (const base of hierarchy) {
    for (const part of classes.partsOf(base)) {
      for (const method of part.methods) {
        if (seen.has(signature(method))) continue;
        if (isAction(method, part)) actions.push({ method, part, file: classes.fileOf(part) });
      }
    }
    for (const part of classes.partsOf(base)) for (const method of part.methods) seen.add(signature(method));
  }
  return actions;
}

/**
 * An attribute route with the route values ASP.NET gives its action (its required values: area, controller,
 * action) as defaults. A template that has one as a parameter (`account/{action=Index}`) matches only that value
 * there (ASP.NET's matcher takes it for a literal), and keeps its default only when it is that value
 * (DefaultRoutePatternTransformer removes a default that differs). A template that does not parse is left as it is
 * (compiling it says why).
 */
function withRequiredValues(template: string, required: Readonly<Record<string, string>>): ImportedRoute['definition'] {
  let parsed;
  try {
    parsed = parseTemplate(template);
  } catch {
    return { template, defaults: { ...required } };
  }
  const defaults: Record<string, string> = {};
  const constraints: Record<string, string> = {};
  const dropDefault = new Set<string>();
  for (const [key, value] of Object.entries(required)) {
    const parameter = parsed.parameters.find((p) => p.name.toLowerCase() === key);
    if (parameter === undefined) {
      defaults[key] = value;
      continue;
    }
    const exact = regexConstraint(escapeRegex(value));
    if ('value' in exact) constraints[parameter.name] = exact.value;
    if (parameter.defaultValue !== null && parameter.defaultValue.toLowerCase() !== value.toLowerCase()) dropDefault.add(parameter.name);
  }
  const segments = parsed.segments.map((segment) => ({ parts: segment.parts.map((part) => (part.kind === 'parameter' && dropDefault.has(part.name) ? { ...part, defaultValue: null } : part)) }));
  const definition: ImportedRoute['definition'] = { template: dropDefault.size === 0 ? template : formatTemplate({ segments }), defaults };
  if (Object.keys(constraints).length > 0) definition.constraints = constraints;
  return definition;
}

const isRouteAttribute = (a: Attribute): boolean => a.name === 'Route' || a.name === 'RoutePrefix' || a.name === 'AcceptVerbs' || Object.hasOwn(VERBS, a.name);
/** `[HttpGet<T>("x")]`: named like a route attribute, but generic, so an application's own class (ASP.NET's are not generic). */
const isGenericRouteAttribute = (a: Attribute): boolean => a.name.includes('<') && isRouteAttribute({ ...a, name: a.name.slice(0, a.name.indexOf('<')) });
const genericAttributeFinding = (file: string, a: Attribute): Finding => ({ kind: 'skipped', file, line: a.line, text: shortText(a.text), message: `[${a.name}] is generic, so not ASP.NET's [${a.name.slice(0, a.name.indexOf('<'))}] (which is not): an attribute of the application, whose routes its code makes; not imported` });
const isAreaAttribute = (a: Attribute): boolean => a.name === 'Area' || a.name === 'RouteArea';

const constraintNote = (file: string, attribute: Attribute, on: string): Finding => ({
  kind: 'note',
  file,
  line: attribute.line,
  text: shortText(attribute.text),
  message: `[${attribute.name}] on ${on} is an action constraint: it decides when a request comes whether the action is chosen, which the importer cannot know, so its routes are imported as if it always allowed them`,
});

/** [Consumes], [Host], or an attribute class of the sources that is (or derives from one that is) an action constraint. */
function isActionConstraint(attribute: Attribute, scope: ClassDeclaration, classes: SourceClasses): boolean {
  if (ASPNET_ACTION_CONSTRAINTS.has(attribute.name)) return true;
  const found = classes.named([`${attribute.name}Attribute`], scope) ?? classes.named([attribute.name], scope);
  for (let c = found, depth = 0; c !== null && depth < 16; c = classes.baseOf(c), depth++) {
    if (classes.partsOf(c).some((part) => part.baseTypes.some((b) => ACTION_CONSTRAINT_TYPES.has(b)))) return true;
  }
  return false;
}

/** A class ASP.NET takes for a controller (its parts and their attributes): not abstract, named …Controller or marked [Controller]/[ApiController]. */
function isController(parts: readonly ClassDeclaration[], attributes: readonly Attribute[]): boolean {
  if (parts.some((c) => c.isAbstract) || attributes.some((a) => a.name === 'NonController')) return false;
  return parts[0].name.endsWith('Controller') || attributes.some((a) => a.name === 'Controller' || a.name === 'ApiController');
}

/** What OData attributes mark a controller with: its actions routed by OData's conventions. */
const ODATA_ATTRIBUTES = new Set(['ODataAttributeRouting', 'ODataRouteComponent']);

/**
 * Why a controller is routed by OData (Microsoft.AspNetCore.OData), or null: it derives from ODataController, or
 * it or a base class has an OData routing attribute. OData's application model provider then rewrites its
 * actions' routes (`Categories({key})` also as `Categories/{key}`, a verb's empty template as the entity set's
 * name) from the EDM model the application builds when it starts, which no source file holds.
 */
function odataRouting(controller: ClassDeclaration, hierarchy: readonly ClassDeclaration[], classes: SourceClasses): string | null {
  const parts = [controller, ...hierarchy].flatMap((c) => classes.partsOf(c));
  if (parts.some((part) => part.baseTypes.some((b) => b.replace(/<.*$/s, '').split('.').at(-1) === 'ODataController'))) return 'it derives from ODataController';
  const marked = parts.flatMap((part) => part.attributes).find((a) => ODATA_ATTRIBUTES.has(a.name));
  return marked === undefined ? null : `[${marked.name}]`;
}

/** [Route("t", Name = "n", Order = 1)], [HttpGet("t")], [AcceptVerbs("GET", "POST", Route = "t")]: read, or null (reported). */
function readAttribute(file: string, attribute: Attribute, scope: ClassDeclaration, evaluator: Evaluator, findings: Finding[]): RouteAttribute | null {
  let template: string | null = null;
  let name: string | null = null;
  let order: number | null = null;
  const methods: string[] = [];
  const fail = (message: string): null => {
    findings.push({ kind: 'skipped', file, line: attribute.line, text: shortText(attribute.text), message });
    return null;
  };
  const isVerbs = attribute.name === 'AcceptVerbs';
  for (const [index, arg] of attribute.args.entries()) {
    const value = evaluator.evaluate(arg.value, scope);
    if (isUnread(value)) {
      findings.push(unreadFinding(file, value, `[${attribute.name}] not read`));
      return null;
    }
    const key = arg.name ?? (isVerbs ? 'verb' : index === 0 ? 'template' : `argument ${index + 1}`);
    if (key === 'template' || key === 'Template' || (isVerbs && key === 'Route')) {
      if (value.kind !== 'string') return fail('its template is not a string');
      template = value.value;
    } else if (key === 'Name') {
      if (value.kind !== 'string' && value.kind !== 'null') return fail('its Name is not a string');
      name = value.kind === 'string' ? value.value : null;
    } else if (key === 'Order') {
      if (value.kind !== 'number' || !Number.isInteger(value.value)) return fail('its Order is not an integer');
      order = value.value;
    } else if (key === 'verb' || key === 'verbs') {
      const items = value.kind === 'array' ? value.items : [value];
      for (const item of items) {
        if (item.kind !== 'string') return fail('a verb that is not a string');
        methods.push(item.value.toUpperCase());
      }
    } else return fail(`its argument ${arg.name ?? index + 1} is not one the importer reads`);
  }
  const verb = VERBS[attribute.name];
  const limited = verb !== undefined ? [verb] : isVerbs ? methods : null;
  return { template, name, order, methods: limited, attribute };
}

/** AttributeRouteModel.CombineTemplates: the controller's template and the action's, cleaned of "~/", "/" ends. */
export function combine(left: string | null, right: string | null): string | null {
  let result: string | null;
  if (left === null && right === null) result = null;
  else if (right === null) result = left;
  else if (left === null || left === '' || left === '~/' || left === '/' || /^~?\//.test(right)) result = right;
  else if (left.endsWith('/')) result = left + right;
  else result = `${left}/${right}`;
  if (result === null || result === '//') return result;
  const start = result.startsWith('/') ? 1 : result.startsWith('~/') ? 2 : 0;
  if (start === result.length) return '';
  return result.slice(start, result.endsWith('/') ? -1 : undefined);
}

/**
 * AttributeRouteModel.ReplaceTokens: [controller], [action], [area] (any case) replaced by their values; `[[`
 * and `]]` are a literal bracket. A token with no value, or an unbalanced bracket, is an error, as in ASP.NET.
 */
export function replaceTokens(template: string, values: Readonly<Record<string, string>>): string | { error: string } {
  let out = '';
  for (let i = 0; i < template.length; i++) {
    const c = template[i];
    if (c === '[' && template[i + 1] === '[') {
      out += '[';
      i++;
    } else if (c === ']' && template[i + 1] === ']') {
      out += ']';
      i++;
    } else if (c === ']') return { error: 'an unbalanced "]" (write "]]" for a literal one)' };
    else if (c === '[') {
      let token = '';
      let j = i + 1;
      for (; j < template.length; j++) {
        if (template[j] === ']' && template[j + 1] === ']') {
          token += ']';
          j++;
        } else if (template[j] === ']') break;
        else if (template[j] === '[' && template[j + 1] === '[') {
          token += '[';
          j++;
        } else if (template[j] === '[') return { error: 'a "[" inside a [token]' };
        else token += template[j];
      }
      if (j >= template.length) return { error: 'a [token] is not closed' };
      if (token === '') return { error: 'an empty [] token' };
      const key = Object.keys(values).find((k) => k.toLowerCase() === token.toLowerCase());
      if (key === undefined) return { error: `no value for the token [${token}] (the importer knows [${Object.keys(values).join('], [')}])` };
      out += values[key];
      i = j;
    } else out += c;
  }
  return out;
}

/**
 * RoutePrecedence.ComputeInbound, one digit per segment: 1 a literal, 2 a parameter with constraints or a
 * segment of several parts, 3 a parameter, 4 a catch-all with constraints, 5 a catch-all. Lower sorts first.
 */
export function inboundPrecedence(template: string): number[] {
  try {
    return parseTemplate(template).segments.map((segment) => {
      if (segment.parts.length > 1) return 2;
      const part = segment.parts[0];
      if (part.kind !== 'parameter') return 1;
      return (part.isCatchAll ? 5 : 3) - (part.constraints.length > 0 ? 1 : 0);
    });
  } catch {
    return [];
  }
}

/** Compares precedences as ASP.NET's decimals (1.13 < 1.2): digit by digit, a missing digit being 0. */
function comparePrecedence(a: readonly number[], b: readonly number[]): number {
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const d = (a[i] ?? 0) - (b[i] ?? 0);
    if (d !== 0) return d;
  }
  return 0;
}

/** The order attribute routes are tried in: Order, then precedence, then template text (ignoring case); then written order. */
export const ATTRIBUTE_ORDER = 'by Order, then by template precedence (literal segments before constrained parameters before parameters before catch-alls), then by template text, as ASP.NET orders attribute routes';

export function attributeOrder(routes: readonly ImportedRoute[]): ImportedRoute[] {
  const keyed = routes.map((route, index) => ({ route, index, precedence: inboundPrecedence(route.definition.template) }));
  keyed.sort(
    (a, b) =>
      (a.route.order ?? 0) - (b.route.order ?? 0) ||
      comparePrecedence(a.precedence, b.precedence) ||
      compareIgnoringCase(a.route.definition.template, b.route.definition.template) ||
      // A route limited to verbs before one that is not (ASP.NET's HTTP method policy), then as written.
      Number(a.route.definition.methods === undefined) - Number(b.route.definition.methods === undefined) ||
      a.index - b.index,
  );
  return keyed.map((k) => k.route);
}

/** String.Compare(a, b, StringComparison.OrdinalIgnoreCase), as a sign. */
function compareIgnoringCase(a: string, b: string): number {
  const x = a.toUpperCase();
  const y = b.toUpperCase();
  return x < y ? -1 : x > y ? 1 : 0;
}
