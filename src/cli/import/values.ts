// The constant C# values that route registrations are written with, evaluated as C# evaluates them: string
// literals and their concatenation, interpolated strings whose holes are constant, `const string` and
// `static readonly string` fields of the sources read, `nameof(...)`, anonymous objects, RouteValueDictionary and
// Dictionary initialisers, arrays, UrlParameter.Optional, and the constraint objects ASP.NET ships. Anything
// else (a variable, a call, an application's class) is `unread`, with its text and line: never guessed.
import type { ClassDeclaration, LocalConstant } from './declarations.js';
import type { Expression } from './expressions.js';
import type { Token } from './tokens.js';

export type CsValue =
  | { readonly kind: 'string'; readonly value: string }
  | { readonly kind: 'number'; readonly value: number }
  | { readonly kind: 'bool'; readonly value: boolean }
  | { readonly kind: 'null' }
  /** UrlParameter.Optional, RouteParameter.Optional: the parameter may be left out, and then has no value. */
  | { readonly kind: 'optional' }
  | { readonly kind: 'array'; readonly items: readonly CsValue[] }
  /** An anonymous object or a dictionary: its entries in order. */
  | { readonly kind: 'object'; readonly entries: readonly (readonly [string, CsValue | Unread])[] }
  /** new HttpMethodConstraint("GET", …) */
  | { readonly kind: 'methods'; readonly methods: readonly string[] }
  /** One of ASP.NET Core's constraint classes, as the inline constraint switchyard knows it by (`int`, `min(3)`). */
  | { readonly kind: 'inline-constraint'; readonly reference: string }
  /** `new SomeType(…)` that is none of the above (an application's constraint class, a route handler). */
  | { readonly kind: 'instance'; readonly type: string; readonly text: string };

/** A value that cannot be known without running the application: where, what, and why. */
export interface Unread {
  readonly kind: 'unread';
  readonly line: number;
  readonly text: string;
  readonly why: string;
}

export const isUnread = (value: CsValue | Unread): value is Unread => value.kind === 'unread';

/** The constant fields of every file read (`RouteName.Home`, by the class's names and the field's), and the uses of local constants. */
export class ConstantTable {
  readonly #byName = new Map<string, { expression: Expression; owner: ClassDeclaration }[]>();
  readonly #locals = new Map<Token, LocalConstant>();

  /** A file's uses of its local constants (declarations.ts localConstants). */
  addLocals(uses: ReadonlyMap<Token, LocalConstant>): void {
    for (const [token, constant] of uses) this.#locals.set(token, constant);
  }

  /** The local constant an identifier names, if it names one. */
  local(token: Token): LocalConstant | undefined {
    return this.#locals.get(token);
  }

  add(owner: ClassDeclaration): void {
    for (const [field, expression] of owner.constants) {
      const keys = new Set([`${owner.qualifiedName}.${field}`, owner.namespace === '' ? '' : `${owner.namespace}.${owner.qualifiedName}.${field}`]);
      for (const key of keys) if (key !== '') this.#byName.set(key, [...(this.#byName.get(key) ?? []), { expression, owner }]);
    }
  }

  /** The field a name denotes from inside `from` (its class and outer classes first), or why none. */
  find(path: readonly string[], from: ClassDeclaration | null): { expression: Expression; owner: ClassDeclaration } | 'none' | 'ambiguous' {
    const candidates: string[] = [];
    for (let scope = from?.qualifiedName ?? null; scope !== null; scope = scope.includes('.') ? scope.slice(0, scope.lastIndexOf('.')) : null) {
      candidates.push(`${scope}.${path.join('.')}`);
    }
    candidates.push(path.join('.'));
    for (const key of candidates) {
      const found = this.#byName.get(key);
      if (found === undefined) continue;
      // The same name in two namespaces: the one in the caller's namespace, else refuse to pick.
      const mine = found.filter((f) => f.owner.namespace === from?.namespace);
      if (found.length === 1) return found[0];
      if (mine.length === 1) return mine[0];
      return 'ambiguous';
    }
    return 'none';
  }
}

/** ASP.NET Core's constraint classes and the inline names switchyard gives them. */
const CONSTRAINT_CLASSES: Readonly<Record<string, string>> = {
  IntRouteConstraint: 'int',
  LongRouteConstraint: 'long',
  BoolRouteConstraint: 'bool',
  GuidRouteConstraint: 'guid',
  AlphaRouteConstraint: 'alpha',
  DateTimeRouteConstraint: 'datetime',
  DecimalRouteConstraint: 'decimal',
  DoubleRouteConstraint: 'double',
  FloatRouteConstraint: 'float',
  MinLengthRouteConstraint: 'minlength',
  MaxLengthRouteConstraint: 'maxlength',
  LengthRouteConstraint: 'length',
  MinRouteConstraint: 'min',
  MaxRouteConstraint: 'max',
  RangeRouteConstraint: 'range',
  RegexRouteConstraint: 'regex',
  RequiredRouteConstraint: 'required',
};

const HTTP_METHODS = new Set(['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'HEAD', 'OPTIONS', 'TRACE', 'CONNECT']);

const DICTIONARY_TYPES = /^(?:System\.Web\.Routing\.|Microsoft\.AspNetCore\.Routing\.)?(?:RouteValueDictionary|(?:System\.Collections\.Generic\.)?Dictionary<string,object\??>|(?:System\.Collections\.Generic\.)?Dictionary<string,string\??>)$/;
const METHOD_CONSTRAINTS = /^(?:System\.Web\.Routing\.|System\.Web\.Http\.Routing\.|Microsoft\.AspNetCore\.Routing\.Constraints\.|Microsoft\.AspNetCore\.Routing\.)?(?:HttpMethodConstraint|HttpMethodRouteConstraint)$/;

/** Longer than any route's template or value: a string past it is refused rather than built (a constant doubled 40 times). */
export const MAX_STRING = 1_000_000;

/** How many constants deep a value is followed (`A = B`, `B = C`…) before it is refused, not followed down the stack. */
export const MAX_CONSTANT_DEPTH = 256;

/** Evaluates C# constant expressions in the scope of one class, following constant fields through a ConstantTable. */
export class Evaluator {
  readonly #following = new Set<Expression>();
  /** Each constant's value, once evaluated: a constant used twice (A2 = A1 + A1) is evaluated once. */
  readonly #values = new Map<Expression, CsValue | Unread>();
  /** How many times a chain of constants was cut at MAX_CONSTANT_DEPTH: a value found under a cut is not kept. */
  #cuts = 0;
  constructor(readonly constants: ConstantTable) {}

  evaluate(expression: Expression, scope: ClassDeclaration | null): CsValue | Unread {
    const unread = (why: string, at: Expression = expression): Unread => ({ kind: 'unread', line: at.line, text: at.text, why });
    switch (expression.kind) {
      case 'string':
        return { kind: 'string', value: expression.value };
      case 'char':
        return { kind: 'string', value: expression.value };
      case 'number': {
        const value = Number(expression.value.replace(/[_]/g, '').replace(/[uUlLmMdDfF]+$/, ''));
        return Number.isFinite(value) ? { kind: 'number', value } : unread('a number this importer does not read');
      }
      case 'literal':
        return expression.value === null ? { kind: 'null' } : { kind: 'bool', value: expression.value };
      case 'interpolated': {
        let text = '';
        for (const part of expression.parts) {
          if (typeof part === 'string') text += part;
          else if (part === null) return unread('an interpolation hole with a format or an alignment');
          else {
            const value = this.evaluate(part, scope);
            if (isUnread(value)) return value;
            const piece = asText(value);
            if (piece === null) return unread(`the hole {${part.text}} is not a string or a number`, part);
            text += piece;
            if (text.length > MAX_STRING) return unread(`a string longer than ${MAX_STRING} characters`);
          }
        }
        return { kind: 'string', value: text };
      }
      case 'sum': {
        // Left to right, as C# adds: numbers add until a string joins the rest (1 + 2 + "a" is "3a").
        let total = this.evaluate(expression.operands[0], scope);
        for (const operand of expression.operands.slice(1)) {
          if (isUnread(total)) return total;
          const right = this.evaluate(operand, scope);
          if (isUnread(right)) return right;
          total = add(total, right) ?? unread('an operation other than joining strings');
          if (!isUnread(total) && total.kind === 'string' && total.value.length > MAX_STRING) return unread(`a string longer than ${MAX_STRING} characters`);
        }
        return total;
      }
      case 'name':
        return this.name(expression, scope);
      case 'call':
        return this.call(expression, scope);
      case 'new':
        return this.creation(expression, scope);
      case 'typeof':
        return unread('typeof(…) is a type, not a value');
      case 'other':
        return unread('an expression this importer does not evaluate (only constants are read)');
    }
  }

  name(expression: Expression & { kind: 'name' }, scope: ClassDeclaration | null): CsValue | Unread {
    const path = expression.path;
    const last = path.at(-1)!;
    const owner = path.slice(0, -1).join('.').replace(/^System\.Web\.(?:Mvc|Http)\./, '');
    if ((owner === 'UrlParameter' || owner === 'RouteParameter') && last === 'Optional') return { kind: 'optional' };
    if ((owner === 'string' || owner === 'String' || owner === 'System.String') && last === 'Empty') return { kind: 'string', value: '' };
    // ASP.NET Core's HttpMethods.Get… constants (Microsoft.AspNetCore.Http): the verb, upper case.
    if (/^(?:Microsoft\.AspNetCore\.Http\.)?HttpMethods$/.test(owner) && HTTP_METHODS.has(last.toUpperCase())) return { kind: 'string', value: last.toUpperCase() };
    // A local constant in scope where the name stands comes before any field of that name, as in C#.
    const local = path.length === 1 && expression.token !== undefined ? this.constants.local(expression.token) : undefined;
    const found = local !== undefined ? { expression: local.expression, owner: scope, label: `the local constant ${local.name}` } : this.constants.find(path, scope);
    if (found === 'ambiguous') return { kind: 'unread', line: expression.line, text: expression.text, why: 'a constant that two classes of the sources declare' };
    if (found === 'none') return { kind: 'unread', line: expression.line, text: expression.text, why: path.length === 1 ? 'a variable or a parameter, not a constant of the sources read' : 'not a const or static readonly string field of the sources read' };
    const known = this.#values.get(found.expression);
    if (known !== undefined) return known;
    if (this.#following.has(found.expression)) return { kind: 'unread', line: expression.line, text: expression.text, why: 'a constant defined in terms of itself' };
    if (this.#following.size >= MAX_CONSTANT_DEPTH) {
      this.#cuts++;
      return { kind: 'unread', line: expression.line, text: expression.text, why: `a constant defined through more than ${MAX_CONSTANT_DEPTH} other constants` };
    }
    const cuts = this.#cuts;
    this.#following.add(found.expression);
    try {
      const value = this.evaluate(found.expression, found.owner);
      // The innermost constant is named once (a chain of 200 constants is not named 200 times).
      const label = 'label' in found ? found.label : `the constant ${found.owner.qualifiedName}.${last}`;
      const result = isUnread(value) && !/\(in the (?:local )?constant /.test(value.why) ? { ...value, why: `${value.why} (in ${label})` } : value;
      // A value found inside a cycle is the cycle's, wherever it is asked from; one found under a cut is not.
      if (this.#cuts === cuts) this.#values.set(found.expression, result);
      return result;
    } finally {
      this.#following.delete(found.expression);
    }
  }

  call(expression: Expression & { kind: 'call' }, scope: ClassDeclaration | null): CsValue | Unread {
    const callee = expression.callee;
    if (callee.kind === 'name' && callee.path.length === 1 && callee.path[0] === 'nameof' && expression.args.length === 1) {
      const argument = expression.args[0].value;
      if (argument.kind === 'name') return { kind: 'string', value: argument.path.at(-1)! };
    }
    // Case changes of a constant are constant (ASP.NET route values compare ignoring case anyway).
    if (callee.kind === 'name' && callee.path.length > 1 && expression.args.length === 0 && /^To(?:Lower|Upper)(?:Invariant)?$/.test(callee.path.at(-1)!)) {
      const target = this.name({ ...callee, path: callee.path.slice(0, -1), text: callee.text.replace(/\.[^.]*$/, '') }, scope);
      if (!isUnread(target) && target.kind === 'string') return { kind: 'string', value: /Lower/.test(callee.path.at(-1)!) ? target.value.toLowerCase() : target.value.toUpperCase() };
    }
    return { kind: 'unread', line: expression.line, text: expression.text, why: 'a method call: its result is known only when the application runs' };
  }

  creation(expression: Expression & { kind: 'new' }, scope: ClassDeclaration | null): CsValue | Unread {
    const unread = (why: string): Unread => ({ kind: 'unread', line: expression.line, text: expression.text, why });
    const type = expression.type;
    if (expression.array) {
      const items: CsValue[] = [];
      for (const item of expression.init ?? []) {
        const value = this.evaluate(item.value, scope);
        if (isUnread(value)) return value;
        items.push(value);
      }
      return { kind: 'array', items };
    }
    if (type === null) {
      // An anonymous object: `new { a = 1, b }` (a projected member is named by its last identifier).
      if (expression.args.length > 0 || expression.init === null) return unread('a target-typed new(…)');
      const entries: (readonly [string, CsValue | Unread])[] = [];
      for (const item of expression.init) {
        const key = typeof item.key === 'string' ? item.key : item.value.kind === 'name' ? item.value.path.at(-1)! : null;
        if (key === null) return unread('an anonymous object member without a name');
        entries.push([key, this.evaluate(item.value, scope)]);
      }
      return { kind: 'object', entries };
    }
    const shortType = type.replace(/^.*\.(?=[^.<]+(?:<|$))/, '');
    if (DICTIONARY_TYPES.test(type) || DICTIONARY_TYPES.test(shortType)) {
      const entries: (readonly [string, CsValue | Unread])[] = [];
      // new RouteValueDictionary(new { … }): the object's members first.
      if (expression.args.length === 1) {
        const from = this.evaluate(expression.args[0].value, scope);
        if (isUnread(from)) return from;
        if (from.kind !== 'object') return unread('a dictionary made from something other than an object');
        entries.push(...from.entries);
      } else if (expression.args.length > 1) return unread('a dictionary constructor this importer does not read');
      for (const item of expression.init ?? []) {
        const keyExpression = item.pair ?? (typeof item.key === 'string' || item.key === null ? null : item.key);
        if (keyExpression === null) return unread('a dictionary item that is not { key, value } or [key] = value');
        const key = this.evaluate(keyExpression, scope);
        if (isUnread(key)) return key;
        if (key.kind !== 'string') return unread('a dictionary key that is not a string');
        const index = entries.findIndex(([k]) => k.toLowerCase() === key.value.toLowerCase());
        const value = this.evaluate(item.value, scope);
        if (index !== -1 && item.pair !== undefined) return unread(`the key "${key.value}" is added twice (Add throws)`);
        if (index !== -1) entries.splice(index, 1);
        entries.push([key.value, value]);
      }
      return { kind: 'object', entries };
    }
    if (METHOD_CONSTRAINTS.test(type)) {
      const methods: string[] = [];
      for (const arg of expression.args) {
        const value = this.evaluate(arg.value, scope);
        if (isUnread(value)) return value;
        const items = value.kind === 'array' ? value.items : [value];
        for (const item of items) {
          if (item.kind !== 'string') return unread('a method that is not a string');
          methods.push(item.value.toUpperCase());
        }
      }
      return { kind: 'methods', methods };
    }
    if (Object.hasOwn(CONSTRAINT_CLASSES, shortType)) {
      const args: string[] = [];
      for (const arg of expression.args) {
        const value = this.evaluate(arg.value, scope);
        if (isUnread(value)) return value;
        const text = asText(value);
        if (text === null) return unread('a constraint argument that is not a string or a number');
        args.push(text);
      }
      const name = CONSTRAINT_CLASSES[shortType];
      return { kind: 'inline-constraint', reference: args.length === 0 ? name : `${name}(${args.join(',')})` };
    }
    return { kind: 'instance', type, text: expression.text };
  }
}

/** `left + right` as C# evaluates it on constants, or null when it is not a sum of numbers or a joining of strings. */
function add(left: CsValue, right: CsValue): CsValue | null {
  if (left.kind === 'number' && right.kind === 'number') return { kind: 'number', value: left.value + right.value };
  // C# string concatenation: null is "", numbers and bools are written out.
  const a = left.kind === 'null' ? '' : asText(left);
  const b = right.kind === 'null' ? '' : asText(right);
  if (a === null || b === null || (left.kind !== 'string' && right.kind !== 'string')) return null;
  return { kind: 'string', value: a + b };
}

/** A string, number or bool as C# writes it into a string; null for other values. */
export function asText(value: CsValue): string | null {
  if (value.kind === 'string') return value.value;
  if (value.kind === 'number') return String(value.value);
  if (value.kind === 'bool') return value.value ? 'True' : 'False';
  return null;
}

/** A value as route data (defaults, data tokens): null for Optional; undefined when it is not data. */
export function asData(value: CsValue): unknown {
  switch (value.kind) {
    case 'string':
    case 'number':
    case 'bool':
      return value.value;
    case 'null':
    case 'optional':
      return null;
    case 'array': {
      const items = value.items.map(asData);
      return items.includes(undefined) ? undefined : items;
    }
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [key, item] of value.entries) {
        if (isUnread(item)) return undefined;
        const data = asData(item);
        if (data === undefined) return undefined;
        // A key such as "__proto__" is an own key, as in the C# dictionary, not the object's prototype.
        Object.defineProperty(out, key, { value: data, enumerable: true, writable: true, configurable: true });
      }
      return out;
    }
    default:
      return undefined;
  }
}
