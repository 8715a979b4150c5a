// C# expressions as `switchyard import` needs them: the arguments of a route registration and of a route
// attribute. A small recursive-descent parser over a token slice; what it does not know (a lambda, a ternary, a
// method body) becomes an `other` node that keeps its text, so the caller can report it rather than guess.
import type { Token } from './tokens.js';

/** An argument: `value`, or `name: value` (a named argument), or `Name = value` (an attribute's property). */
export interface Argument {
  readonly name: string | null;
  /** `Name = value` in an attribute, `name: value` in a call. */
  readonly style: 'positional' | 'named' | 'property';
  readonly value: Expression;
}

/** One member of an initializer: `a = v`, `["k"] = v`, `{ "k", v }`, or a bare element / projected member `x.Name`. */
export interface InitializerItem {
  readonly key: string | Expression | null;
  readonly value: Expression;
  /** `{ "k", v }`: a collection initializer's Add(k, v). */
  readonly pair?: Expression;
}

export type Expression = (
  | { readonly kind: 'string'; readonly value: string }
  | { readonly kind: 'interpolated'; readonly parts: readonly (string | Expression | null)[] }
  | { readonly kind: 'number'; readonly value: string }
  | { readonly kind: 'char'; readonly value: string }
  | { readonly kind: 'literal'; readonly value: true | false | null }
  /** `A.B.C` (and `global::A.B`), generic arguments dropped; `token`, its first identifier (a local constant's use is known by it). */
  | { readonly kind: 'name'; readonly path: readonly string[]; readonly token?: Token }
  | { readonly kind: 'call'; readonly callee: Expression; readonly args: readonly Argument[] }
  | { readonly kind: 'new'; readonly type: string | null; readonly array: boolean; readonly args: readonly Argument[]; readonly init: readonly InitializerItem[] | null }
  /** `a + b + …`: its operands in order (one node for the chain, so that a long chain is neither deep nor re-copied). */
  | { readonly kind: 'sum'; readonly operands: readonly Expression[] }
  | { readonly kind: 'typeof'; readonly type: string }
  | { readonly kind: 'other' }
) & { readonly line: number; readonly text: string };

/** Parses tokens[from, to) as one expression. */
export function parseExpression(tokens: readonly Token[], from: number, to: number, source: string): Expression {
  const parser = new Parser(tokens, to, source);
  parser.at = from;
  const line = tokens[from]?.line ?? tokens[to - 1]?.line ?? 0;
  nesting += 10;
  try {
    const expression = parser.expression();
    if (parser.at === to) return expression;
  } catch (error) {
    if (!(error instanceof NotUnderstood)) throw error;
  } finally {
    nesting -= 10;
  }
  return { kind: 'other', line, text: parser.text(from, to) };
}

/** Splits tokens[from, to) at the commas at depth 0 (the arguments of a call, the items of an initializer). */
export function splitTopLevel(tokens: readonly Token[], from: number, to: number): [number, number][] {
  const match = bracketsOf(tokens);
  const pieces: [number, number][] = [];
  let start = from;
  for (let i = from; i < to; i++) {
    const t = tokens[i];
    if (t.kind !== 'punct') continue;
    if (match[i] > i) i = match[i];
    else if (t.value === '<') {
      // A generic argument list (Dictionary<string, object>): its commas are not separators.
      const close = genericEnd(tokens, i, to);
      if (close !== -1) i = close;
    } else if (t.value === ',') {
      pieces.push([start, i]);
      start = i + 1;
    }
  }
  if (start < to || pieces.length > 0) pieces.push([start, to]);
  return pieces;
}

const BRACKETS = new WeakMap<readonly Token[], Int32Array>();

/**
 * For each bracket token, the index of the one that pairs with it (-1 for other tokens and unpaired brackets):
 * computed once per token list, so that skipping a bracketed part never rescans it.
 */
export function bracketsOf(tokens: readonly Token[]): Int32Array {
  let match = BRACKETS.get(tokens);
  if (match !== undefined) return match;
  match = new Int32Array(tokens.length).fill(-1);
  const stack: number[] = [];
  const pairs: Record<string, string> = { ')': '(', ']': '[', '}': '{' };
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i];
    if (t.kind !== 'punct') continue;
    if (t.value === '(' || t.value === '[' || t.value === '{') stack.push(i);
    else if (Object.hasOwn(pairs, t.value)) {
      // An unpaired closer (broken code) is left unpaired; the openers above a mismatch stay open.
      const open = stack.at(-1);
      if (open === undefined || (tokens[open] as { value: string }).value !== pairs[t.value]) continue;
      stack.pop();
      match[open] = i;
      match[i] = open;
    }
  }
  BRACKETS.set(tokens, match);
  return match;
}

/** Where the `>` that closes a generic argument list opened at tokens[open] is, or -1 when it is not one. */
export function genericEnd(tokens: readonly Token[], open: number, to: number): number {
  let depth = 0;
  for (let i = open; i < to && i < open + 64; i++) {
    const t = tokens[i];
    if (t.kind === 'punct' && t.value === '<') depth++;
    else if (t.kind === 'punct' && t.value === '>') {
      if (--depth === 0) return i;
    } else if (!(t.kind === 'ident' || (t.kind === 'punct' && (t.value === ',' || t.value === '.' || t.value === '?' || t.value === '[' || t.value === ']')))) return -1;
  }
  return -1;
}

class NotUnderstood extends Error {}

/** How deep the parse is now, across the nested parsers of arguments and initializers. */
let nesting = 0;

/** How deep expressions may nest (parentheses, initializers, calls) before one is `other`. */
const MAX_NESTING = 400;

/** How many `.Member` and `(…)` links one expression may chain before it is `other`. */
const MAX_CHAIN = 256;

class Parser {
  at = 0;
  depth = 0;
  constructor(
    readonly tokens: readonly Token[],
    readonly end: number,
    readonly source: string,
  ) {}

  text(from: number, to: number): string {
    if (from >= to) return '';
    return this.source.slice(this.tokens[from].start, this.tokens[to - 1].end).replace(/\s+/g, ' ');
  }

  peek(offset = 0): Token | undefined {
    return this.at + offset < this.end ? this.tokens[this.at + offset] : undefined;
  }

  isPunct(value: string, offset = 0): boolean {
    const t = this.peek(offset);
    return t !== undefined && t.kind === 'punct' && t.value === value;
  }

  expect(value: string): void {
    if (!this.isPunct(value)) throw new NotUnderstood();
    this.at++;
  }

  node<E extends Omit<Expression, 'line' | 'text'>>(from: number, body: E): Expression {
    return { ...body, line: this.tokens[from].line, text: this.text(from, this.at) } as Expression;
  }

  /** `a + b + …` (string concatenation is the only operator routes need). */
  expression(): Expression {
    const from = this.at;
    const first = this.unary();
    if (!this.isPunct('+')) return first;
    const operands = [first];
    while (this.isPunct('+')) {
      this.at++;
      operands.push(this.unary());
    }
    return this.node(from, { kind: 'sum', operands });
  }

  unary(): Expression {
    const from = this.at;
    // Nesting deeper than any route registration is refused as not understood, not followed down the stack.
    if (++this.depth + nesting > MAX_NESTING) throw new NotUnderstood();
    // A cast to string or object changes nothing of a constant: `(string)RouteName.Home`.
    if (this.isPunct('(') && this.peek(1)?.kind === 'ident' && this.isPunct(')', 2) && ['string', 'object'].includes((this.peek(1) as { value: string }).value)) {
      this.at += 3;
      return this.unary();
    }
    if (this.isPunct('-') && this.peek(1)?.kind === 'number') {
      this.at += 2;
      return this.node(from, { kind: 'number', value: `-${(this.tokens[from + 1] as { value: string }).value}` });
    }
    const result = this.postfix(this.primary(), from);
    this.depth--;
    return result;
  }

  primary(): Expression {
    const from = this.at;
    const t = this.peek();
    if (t === undefined) throw new NotUnderstood();
    this.at++;
    switch (t.kind) {
      case 'string':
        return this.node(from, { kind: 'string', value: t.value });
      case 'char':
        return this.node(from, { kind: 'char', value: t.value });
      case 'number':
        return this.node(from, { kind: 'number', value: t.value });
      case 'interpolated':
        return this.node(from, {
          kind: 'interpolated',
          parts: t.parts.map((p) => (typeof p === 'string' ? p : p.tokens === null ? null : parseExpression(p.tokens, 0, p.tokens.length, this.source))),
        });
      case 'punct':
        if (t.value === '(') {
          const inner = this.expression();
          this.expect(')');
          return inner;
        }
        if (t.value === '[') {
          // A collection expression, `["GET", "HEAD"]`: an array of its elements.
          this.at = from;
          const close = this.matching(from);
          const init = splitTopLevel(this.tokens, from + 1, close)
            .filter(([a, b]) => a < b)
            .map(([a, b]) => ({ key: null, value: parseExpression(this.tokens, a, b, this.source) }));
          this.at = close + 1;
          return this.node(from, { kind: 'new', type: null, array: true, args: [], init });
        }
        throw new NotUnderstood();
      case 'ident':
        break;
    }
    if (t.value === 'true' || t.value === 'false') return this.node(from, { kind: 'literal', value: t.value === 'true' });
    if (t.value === 'null' || t.value === 'default') return this.node(from, { kind: 'literal', value: null });
    if (t.value === 'new') return this.creation(from);
    if (t.value === 'typeof' && this.isPunct('(')) {
      this.at++;
      const start = this.at;
      while (this.peek() !== undefined && !this.isPunct(')')) this.at++;
      const type = this.text(start, this.at);
      this.expect(')');
      return this.node(from, { kind: 'typeof', type });
    }
    // global::A.B
    if (t.value === 'global' && this.isPunct(':') && this.isPunct(':', 1)) this.at += 2;
    const path = t.value === 'global' ? [] : [t.value];
    if (t.value === 'global') {
      const next = this.peek();
      if (next?.kind !== 'ident') throw new NotUnderstood();
      path.push(next.value);
      this.at++;
    }
    this.skipGenericArguments();
    return this.node(from, { kind: 'name', path, token: t });
  }

  /** `.Name`, `(args)`: member access and calls, on the expression that started at tokens[start]. */
  postfix(expression: Expression, start: number): Expression {
    let current = expression;
    for (let links = 0; ; links++) {
      // Each link's node holds the text up to it: a chain longer than any route registration is refused as not
      // understood, not copied link by link (100,000 members took 70 s).
      if (links > MAX_CHAIN) throw new NotUnderstood();
      if (this.isPunct('.') && this.peek(1)?.kind === 'ident') {
        const name = (this.peek(1) as { value: string }).value;
        this.at += 2;
        this.skipGenericArguments();
        if (current.kind === 'name') current = { ...current, path: [...current.path, name], text: this.text(start, this.at) };
        else current = { kind: 'other', line: current.line, text: this.text(start, this.at) };
        continue;
      }
      if (this.isPunct('(')) {
        const args = this.argumentList('(', ')');
        current = { kind: 'call', callee: current, args, line: current.line, text: this.text(start, this.at) };
        continue;
      }
      return current;
    }
  }

  /** `<T, U>` after a name, when it is one. */
  skipGenericArguments(): void {
    if (!this.isPunct('<')) return;
    const close = genericEnd(this.tokens, this.at, this.end);
    if (close !== -1) this.at = close + 1;
  }

  /** `( a, name: b )` or `[ … ]`: the arguments between `open` and `close`. */
  argumentList(open: string, close: string): Argument[] {
    this.expect(open);
    const inner = this.at;
    const stop = this.matching(this.at - 1);
    const args = splitTopLevel(this.tokens, inner, stop).map(([a, b]) => this.argument(a, b));
    this.at = stop;
    this.expect(close);
    return args;
  }

  argument(from: number, to: number): Argument {
    const t = this.tokens[from];
    const next = this.tokens[from + 1];
    if (t?.kind === 'ident' && next?.kind === 'punct' && from + 2 < to) {
      if (next.value === ':' && !(this.tokens[from + 2]?.kind === 'punct' && (this.tokens[from + 2] as { value: string }).value === ':')) {
        return { name: t.value, style: 'named', value: parseExpression(this.tokens, from + 2, to, this.source) };
      }
      if (next.value === '=' && !(this.tokens[from + 2]?.kind === 'punct' && ['=', '>'].includes((this.tokens[from + 2] as { value: string }).value))) {
        return { name: t.value, style: 'property', value: parseExpression(this.tokens, from + 2, to, this.source) };
      }
    }
    return { name: null, style: 'positional', value: parseExpression(this.tokens, from, to, this.source) };
  }

  /** The index of the bracket closing the one at `open` (inside this expression). */
  matching(open: number): number {
    const close = bracketsOf(this.tokens)[open];
    if (close <= open || close >= this.end) throw new NotUnderstood();
    return close;
  }

  /** `new { … }`, `new T(…) { … }`, `new[] { … }`, `new T[] { … }`, `new(…)`. */
  creation(from: number): Expression {
    let type: string | null = null;
    let array = false;
    if (this.peek()?.kind === 'ident') {
      const start = this.at;
      this.at++;
      while (this.isPunct('.') && this.peek(1)?.kind === 'ident') this.at += 2;
      this.skipGenericArguments();
      type = this.text(start, this.at).replace(/\s+/g, '');
    }
    if (this.isPunct('[')) {
      array = true;
      this.at = this.matching(this.at) + 1;
    }
    const args = this.isPunct('(') ? this.argumentList('(', ')') : [];
    let init: InitializerItem[] | null = null;
    if (this.isPunct('{')) {
      const open = this.at;
      const close = this.matching(open);
      init = splitTopLevel(this.tokens, open + 1, close)
        .filter(([a, b]) => a < b)
        .map(([a, b]) => this.initializerItem(a, b));
      this.at = close + 1;
    }
    if (type === null && !array && init === null && args.length === 0 && !this.isPunct(')', -1)) throw new NotUnderstood();
    return this.node(from, { kind: 'new', type, array, args, init });
  }

  initializerItem(from: number, to: number): InitializerItem {
    const t = this.tokens[from];
    if (t.kind === 'punct' && t.value === '{') {
      // { "key", value }: Add(key, value)
      const close = this.matching(from);
      const pieces = splitTopLevel(this.tokens, from + 1, close);
      if (close !== to - 1 || pieces.length !== 2) return { key: null, value: { kind: 'other', line: t.line, text: this.text(from, to) } };
      const key = parseExpression(this.tokens, pieces[0][0], pieces[0][1], this.source);
      return { key: null, pair: key, value: parseExpression(this.tokens, pieces[1][0], pieces[1][1], this.source) };
    }
    if (t.kind === 'punct' && t.value === '[') {
      // ["key"] = value
      const close = this.matching(from);
      const eq = this.tokens[close + 1];
      if (eq?.kind === 'punct' && eq.value === '=') {
        return { key: parseExpression(this.tokens, from + 1, close, this.source), value: parseExpression(this.tokens, close + 2, to, this.source) };
      }
    }
    const next = this.tokens[from + 1];
    if (t.kind === 'ident' && next?.kind === 'punct' && next.value === '=' && from + 2 < to) {
      return { key: t.value, value: parseExpression(this.tokens, from + 2, to, this.source) };
    }
    return { key: null, value: parseExpression(this.tokens, from, to, this.source) };
  }
}
