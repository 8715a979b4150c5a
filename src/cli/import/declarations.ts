// What `switchyard import` reads of a C# file's structure, from its tokens: classes (their attributes, base types,
// namespace), their methods (attributes, whether public), constant string fields, and every call of a method by
// name with what surrounds it (an `if`, a loop, a lambda given to another call). Not a C# parser: it looks for
// these shapes and leaves the rest alone, which is why what it skips is reported by the readers, not here.
import { bracketsOf, genericEnd, parseExpression, splitTopLevel, type Argument, type Expression } from './expressions.js';
import { CSharpSyntaxError, type Token } from './tokens.js';

export interface Attribute {
  /** The name as written, without an `Attribute` suffix: `HttpGet`, `Route`; a generic one with its type arguments, `HttpGet<int>`. */
  readonly name: string;
  readonly args: readonly Argument[];
  readonly line: number;
  readonly text: string;
}

export interface MethodDeclaration {
  readonly name: string;
  readonly attributes: readonly Attribute[];
  readonly isPublic: boolean;
  readonly isStatic: boolean;
  /** `M<T>(…)`: never an action. */
  readonly isGeneric: boolean;
  readonly line: number;
  /** How many arguments a call may give: the parameters without a default, and all of them (Infinity with `params`). */
  readonly arity: { readonly min: number; readonly max: number };
  /** `static … M(this T x, …)`: called as `x.M(…)`, the receiver its first argument. */
  readonly isExtension: boolean;
  /** Its parameters as written: `IApplicationBuilder app`, `int id = 0`. */
  readonly parameters: readonly string[];
  /** Token range of the body: `{` to `}`, or `=>` to `;`. */
  readonly body: readonly [number, number];
}

export interface ClassDeclaration {
  readonly name: string;
  /** With its enclosing classes: `RouteName.Sub`. */
  readonly qualifiedName: string;
  readonly namespace: string;
  readonly attributes: readonly Attribute[];
  readonly baseTypes: readonly string[];
  readonly isAbstract: boolean;
  readonly methods: readonly MethodDeclaration[];
  /** `const string X = …` and `static readonly string X = …`, by name. */
  readonly constants: ReadonlyMap<string, Expression>;
  /** `AreaName => "Admin"` / `AreaName { get { return "Admin"; } }`, when the class declares it. */
  readonly areaName: Expression | null;
  readonly line: number;
  /** Token range of the body, `{` to `}`. */
  readonly body: readonly [number, number];
}

/** Why a call is not plainly run when its method runs: inside an `if`, a loop, or a lambda given to another call. */
export interface CallContext {
  readonly kind: 'if' | 'else' | 'loop' | 'lambda';
  /** `if (adminPanelEnabled)`, `foreach (var x in y)`, `routes.Redirect(…)`. */
  readonly text: string;
  /** For a lambda: the name of the method it is given to. */
  readonly callee?: string;
}

export interface Call {
  /** Its token index: where it stands among the file's calls. */
  readonly at: number;
  readonly name: string;
  /** What the method is called on (`routes`, `context`, `endpoints`), or null for an unqualified call. */
  readonly receiver: string | null;
  readonly args: readonly Argument[];
  readonly line: number;
  readonly text: string;
  /** Token indexes: where its receiver starts (`at` when it has none), and its closing `)`. */
  readonly receiverAt: number;
  readonly close: number;
  readonly contexts: readonly CallContext[];
  /** The innermost class it is written in. */
  readonly inClass: ClassDeclaration | null;
}

/**
 * A call of any method by name (`Helper(routes)`, `ApiRoutes.Map(app)`, `app.MapShop()`), as the order of
 * registrations follows it to a method of the sources: what it is called on and with how many arguments.
 */
export interface Invocation {
  readonly at: number;
  readonly name: string;
  /** `this`, `ApiRoutes`, `app`, `X()`: the text before the `.` (never a keyword before it); null for an unqualified call. */
  readonly receiver: string | null;
  readonly argumentCount: number;
  readonly line: number;
  /** Token indexes: where its receiver starts (`at` when it has none), and its opening `(`. */
  readonly receiverAt: number;
  readonly open: number;
}

/** A local constant (`const string ApiBase = "api";` in a method or in top-level statements). */
export interface LocalConstant {
  readonly name: string;
  readonly expression: Expression;
}

export interface FileDeclarations {
  /** The file's tokens, for readers that follow a value through its statements (minimal-apis.ts). */
  readonly tokens: readonly Token[];
  /** Each identifier that names a local constant in scope where it stands, and that constant. */
  readonly localConstants: ReadonlyMap<Token, LocalConstant>;
  readonly classes: readonly ClassDeclaration[];
  /** The calls `callNames` accepts, their arguments read, in the order written. */
  readonly calls: readonly Call[];
  /** Every call of a method by name, in the order written. */
  readonly invocations: readonly Invocation[];
  /** What surrounds the token at `at`: the `if`s, loops and lambdas it is in, outermost first. */
  contextsAt(at: number): CallContext[];
}

const MODIFIERS = new Set(['public', 'private', 'protected', 'internal', 'static', 'abstract', 'sealed', 'partial', 'virtual', 'override', 'async', 'new', 'readonly', 'extern', 'unsafe', 'file', 'required']);
const TYPE_KEYWORDS = new Set(['class', 'struct', 'record', 'interface']);
/** How deep classes may nest in each other before the file is refused. */
export const MAX_CLASS_NESTING = 64;
/** How far back a call's receiver is read (`a.b.c(…)…`): past it, the receiver is its last part. */
const RECEIVER_STEPS = 32;

/** Keywords written like a call, `if (…)`: never a method's name. */
const NOT_CALLS = new Set(['if', 'while', 'for', 'foreach', 'switch', 'catch', 'using', 'lock', 'fixed', 'return', 'nameof', 'typeof', 'sizeof', 'default', 'checked', 'unchecked', 'when', 'this', 'base', 'new']);

const isPunct = (t: Token | undefined, value: string): boolean => t !== undefined && t.kind === 'punct' && t.value === value;
const isIdent = (t: Token | undefined, value?: string): boolean => t !== undefined && t.kind === 'ident' && (value === undefined || t.value === value);

/** The declarations and calls of one file's tokens. */
export function declarationsOf(tokens: readonly Token[], source: string, callNames: (name: string) => boolean): FileDeclarations {
  const match = bracketsOf(tokens);
  const text = (from: number, to: number): string => (from >= to ? '' : source.slice(tokens[from].start, tokens[to - 1].end).replace(/\s+/g, ' '));

  // Each `{` block's owner: a class, a namespace, or a code block; and the namespace in force at each token.
  const classes: (ClassDeclaration & { methodsList: MethodDeclaration[]; constantsMap: Map<string, Expression> })[] = [];
  const classAt = new Map<number, (typeof classes)[number]>();
  const namespaces: { name: string; from: number; to: number }[] = [];
  // Block ranges of if / else / loop bodies, and lambdas given to calls.
  const contexts: { from: number; to: number; context: CallContext }[] = [];

  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i];
    if (t.kind !== 'ident') continue;
    if (t.value === 'namespace' && isIdent(tokens[i + 1])) {
      let j = i + 1;
      const parts: string[] = [];
      while (isIdent(tokens[j])) {
        parts.push((tokens[j] as { value: string }).value);
        if (!isPunct(tokens[j + 1], '.')) break;
        j += 2;
      }
      const after = tokens[j + 1];
      if (isPunct(after, '{')) namespaces.push({ name: parts.join('.'), from: j + 1, to: match[j + 1] === -1 ? tokens.length : match[j + 1] });
      else namespaces.push({ name: parts.join('.'), from: j + 1, to: tokens.length });
      continue;
    }
    if (TYPE_KEYWORDS.has(t.value) && isIdent(tokens[i + 1]) && !isPunct(tokens[i - 1], '.') && !isPunct(tokens[i - 1], '<') && !isPunct(tokens[i - 1], ',')) {
      // `class Name … {`: the body is the first `{` after it at this level (past a base list, constraints, a primary constructor).
      let j = i + 2;
      while (j < tokens.length && !isPunct(tokens[j], '{') && !isPunct(tokens[j], ';')) j = match[j] > j ? match[j] + 1 : j + 1;
      if (!isPunct(tokens[j], '{') || match[j] === -1) continue;
      const start = declarationStart(tokens, match, i);
      const header = tokens.slice(start.afterAttributes, i).map((x) => (x.kind === 'ident' ? x.value : ''));
      // The base list's `:`, past a generic parameter list and a primary constructor's parameters (which may hold one).
      let colon = i + 2;
      while (colon < j && !isPunct(tokens[colon], ':')) colon = match[colon] > colon ? match[colon] + 1 : colon + 1;
      const baseTypes: string[] = [];
      if (colon < j) {
        for (const [a, b] of splitTopLevel(tokens, colon + 1, j)) {
          // `Ns.Base<T>(args)` (a primary constructor's base call): the name is the last identifier of the path.
          let k = a;
          if (isIdent(tokens[k], 'global') && isPunct(tokens[k + 1], ':')) k += 3;
          let name: string | null = null;
          while (k < b && isIdent(tokens[k]) && !isIdent(tokens[k], 'where')) {
            name = (tokens[k] as { value: string }).value;
            if (!isPunct(tokens[k + 1], '.')) break;
            k += 2;
          }
          if (name !== null) baseTypes.push(name);
          if (tokens.slice(a, b).some((x) => isIdent(x, 'where'))) break;
        }
      }
      const name = (tokens[i + 1] as { value: string }).value;
      const declaration = {
        name,
        qualifiedName: name,
        namespace: '',
        attributes: attributesIn(tokens, match, start.attributes, source),
        baseTypes,
        isAbstract: header.includes('abstract'),
        methods: [],
        methodsList: [] as MethodDeclaration[],
        constants: new Map(),
        constantsMap: new Map<string, Expression>(),
        areaName: null,
        line: t.line,
        body: [j, match[j]] as const,
      };
      classes.push(declaration);
      classAt.set(j, declaration);
      continue;
    }
    if ((t.value === 'if' || t.value === 'while' || t.value === 'foreach' || t.value === 'for') && isPunct(tokens[i + 1], '(') && match[i + 1] > i) {
      const close = match[i + 1];
      const body = statementRange(tokens, match, close + 1);
      contexts.push({ from: body[0], to: body[1], context: { kind: t.value === 'if' ? 'if' : 'loop', text: text(i, close + 1) } });
      if (t.value === 'if' && isIdent(tokens[body[1] + 1], 'else')) {
        const elseBody = statementRange(tokens, match, body[1] + 2);
        contexts.push({ from: elseBody[0], to: elseBody[1], context: { kind: 'else', text: `else of ${text(i, close + 1)}` } });
      }
    }
  }

  // Names of nested classes, namespaces, and members of each class body (the tokens directly in it). Classes and
  // namespaces come in the order written, each inside those still open: one sweep with a stack of each finds them
  // (a file of 30,000 classes is not 30,000 passes over them).
  const openClasses: (typeof classes)[number][] = [];
  const openNamespaces: (typeof namespaces)[number][] = [];
  let nextNamespace = 0;
  for (const c of classes) {
    const at = c.body[0];
    while (openClasses.length > 0 && openClasses[openClasses.length - 1].body[1] < at) openClasses.pop();
    for (; nextNamespace < namespaces.length && namespaces[nextNamespace].from <= at; nextNamespace++) {
      const n = namespaces[nextNamespace];
      while (openNamespaces.length > 0 && openNamespaces[openNamespaces.length - 1].to < n.from) openNamespaces.pop();
      openNamespaces.push(n);
    }
    while (openNamespaces.length > 0 && openNamespaces[openNamespaces.length - 1].to < at) openNamespaces.pop();
    // Each class reads its whole body and names its outer classes: nesting past any real code is refused, not paid for.
    if (openClasses.length >= MAX_CLASS_NESTING) throw new CSharpSyntaxError(c.line, `classes nested more than ${MAX_CLASS_NESTING} deep`);
    const outer = openClasses.at(-1) ?? null;
    Object.assign(c, { qualifiedName: outer === null ? c.name : `${outer.qualifiedName}.${c.name}`, namespace: openNamespaces.map((n) => n.name).join('.') });
    openClasses.push(c);
    readMembers(c);
  }
  // The innermost class of each token: inner classes, written later, paint over their outer ones (at most 64 deep).
  const classOf = new Int32Array(tokens.length).fill(-1);
  classes.forEach((c, k) => classOf.fill(k, c.body[0] + 1, c.body[1]));
  const enclosing = (at: number): (typeof classes)[number] | null => (classOf[at] === -1 ? null : classes[classOf[at]]);

  function readMembers(c: (typeof classes)[number]): void {
    const [open, close] = c.body;
    let memberStart = open + 1;
    for (let i = open + 1; i < close; i++) {
      const t = tokens[i];
      if (isPunct(t, ';')) memberStart = i + 1;
      else if (isPunct(t, '(') || isPunct(t, '[')) i = match[i] > i ? match[i] : i;
      else if (isPunct(t, '=>')) {
        // An expression-bodied member, to its `;`.
        let j = i + 1;
        while (j < close && !isPunct(tokens[j], ';')) j = match[j] > j ? match[j] + 1 : j + 1;
        memberLooksLike(c, memberStart, i, j);
        i = j;
        memberStart = j + 1;
      } else if (isIdent(t, 'const') || (isIdent(t, 'static') && isIdent(tokens[i + 1], 'readonly')) || (isIdent(t, 'readonly') && isIdent(tokens[i + 1], 'static'))) {
        let j = i;
        while (j < close && !isPunct(tokens[j], ';')) j = match[j] > j ? match[j] + 1 : j + 1;
        constantsIn(c, i, j);
        i = j;
        memberStart = j + 1;
      } else if (isPunct(t, '{')) {
        const end = match[i] > i ? match[i] : close;
        const prev = tokens[i - 1];
        // A body (a method's, a property's, a nested class's) ends its member; an initializer (`= {`, `new X {`) does not.
        const initializer = isPunct(prev, '=') || isPunct(prev, ',') || isIdent(prev, 'new') || isNewExpression(tokens, memberStart, i);
        if (!initializer) {
          memberLooksLike(c, memberStart, i, end);
          // `{ get; } = value;`: the member goes on to its `;`.
          if (!isPunct(tokens[end + 1], '=')) memberStart = end + 1;
        }
        i = end;
      }
    }
  }

  /** `const string A = "a", B = "b";` from tokens[from] (`const` or `static`) to the `;`. */
  function constantsIn(c: (typeof classes)[number], from: number, to: number): void {
    let i = from;
    while (i < to && (isIdent(tokens[i], 'const') || isIdent(tokens[i], 'static') || isIdent(tokens[i], 'readonly'))) i++;
    if (!isIdent(tokens[i], 'string')) return;
    for (const [a, b] of splitTopLevel(tokens, i + 1, to)) {
      if (isIdent(tokens[a]) && isPunct(tokens[a + 1], '=')) c.constantsMap.set((tokens[a] as { value: string }).value, parseExpression(tokens, a + 2, b, source));
    }
  }

  /** A member from tokens[from] to its body at [bodyOpen, bodyEnd]: a method (its attributes), or `AreaName`. */
  function memberLooksLike(c: (typeof classes)[number], from: number, bodyOpen: number, bodyEnd: number): void {
    const start = declarationStart(tokens, match, bodyOpen, from);
    const head = tokens.slice(start.afterAttributes, bodyOpen);
    if (head.some((x) => isIdent(x) && TYPE_KEYWORDS.has((x as { value: string }).value))) return;
    // `string AreaName => "x";` or `string AreaName { get { return "x"; } }`
    const nameToken = head.at(-1);
    if (isIdent(nameToken, 'AreaName')) {
      if (isPunct(tokens[bodyOpen], '=>')) Object.assign(c, { areaName: parseExpression(tokens, bodyOpen + 1, bodyEnd, source) });
      else {
        const ret = tokens.slice(bodyOpen, bodyEnd).findIndex((x) => isIdent(x, 'return'));
        if (ret !== -1) {
          let j = bodyOpen + ret + 1;
          while (j < bodyEnd && !isPunct(tokens[j], ';')) j++;
          Object.assign(c, { areaName: parseExpression(tokens, bodyOpen + ret + 1, j, source) });
        }
      }
      return;
    }
    // A method: `… Name(params)` or `… Name<T>(params)` before the body.
    const paren = head.findIndex((x) => isPunct(x, '('));
    if (paren < 1) return;
    let nameAt = paren - 1;
    const isGeneric = isPunct(head[nameAt], '>');
    if (isGeneric) {
      let depth = 0;
      for (; nameAt >= 0; nameAt--) {
        if (isPunct(head[nameAt], '>')) depth++;
        else if (isPunct(head[nameAt], '<') && --depth === 0) break;
      }
      nameAt--;
    }
    const name = head[nameAt];
    if (!isIdent(name) || nameAt < 1) return;
    const modifiers = head.slice(0, nameAt).filter((x) => x.kind === 'ident').map((x) => (x as { value: string }).value);
    if (modifiers.includes('operator')) return;
    const open = start.afterAttributes + paren;
    const close = match[open] > open ? match[open] : open;
    const arity = { min: 0, max: 0 };
    let isExtension = false;
    const parameters: string[] = [];
    for (const [a, b] of splitTopLevel(tokens, open + 1, close)) {
      if (a >= b) continue;
      parameters.push(text(a, b));
      if (isIdent(tokens[a], 'params')) arity.max = Infinity;
      else arity.max++;
      if (!isIdent(tokens[a], 'params') && !tokens.slice(a, b).some((x) => isPunct(x, '='))) arity.min++;
      if (a === open + 1 && isIdent(tokens[a], 'this')) isExtension = true;
    }
    c.methodsList.push({
      name: (name as { value: string }).value,
      attributes: attributesIn(tokens, match, start.attributes, source),
      isPublic: modifiers.includes('public'),
      isStatic: modifiers.includes('static'),
      isGeneric,
      line: name!.line,
      arity,
      isExtension: isExtension && modifiers.includes('static'),
      parameters,
      body: [bodyOpen, bodyEnd],
    });
  }

  // Lambdas given to calls: `X(… a => …)`: from the `=>` to the end of that argument.
  const arrows: { from: number; to: number; open: number }[] = [];
  {
    const stack: number[] = [];
    for (let i = 0; i < tokens.length; i++) {
      const t = tokens[i];
      if (t.kind !== 'punct') continue;
      if ((t.value === '(' || t.value === '[' || t.value === '{') && match[i] > i) stack.push(i);
      else if ((t.value === ')' || t.value === ']' || t.value === '}') && stack.at(-1) === match[i]) stack.pop();
      else if (t.value === '=>') {
        const open = stack.at(-1);
        if (open !== undefined && isPunct(tokens[open], '(') && isIdent(tokens[open - 1])) arrows.push({ from: i, to: match[open], open });
      }
    }
  }
  for (const a of arrows) {
    const nameAt = a.open - 1;
    let receiverStart = nameAt;
    while (isPunct(tokens[receiverStart - 1], '.') && isIdent(tokens[receiverStart - 2])) receiverStart -= 2;
    contexts.push({ from: a.from, to: a.to, context: { kind: 'lambda', text: `${text(receiverStart, a.open)}(…)`, callee: (tokens[nameAt] as { value: string }).value } });
  }

  // What surrounds each token, found in one sweep: the contexts open there are a stack (a context holds the token at
  // `at` when from < at <= to), so each token keeps the innermost and each context the one open below it. Asking at a
  // call then costs what surrounds it, not a pass over every `if` and lambda of the file.
  const ordered = [...contexts].sort((a, b) => a.from - b.from || b.to - a.to);
  const below = new Int32Array(ordered.length);
  const innermost = new Int32Array(tokens.length + 1).fill(-1);
  const open: number[] = [];
  for (let at = 0, next = 0; at <= tokens.length; at++) {
    for (; next < ordered.length && ordered[next].from < at; next++) {
      below[next] = open.at(-1) ?? -1;
      open.push(next);
    }
    while (open.length > 0 && ordered[open[open.length - 1]].to < at) open.pop();
    innermost[at] = open.at(-1) ?? -1;
  }
  function contextsAt(at: number): CallContext[] {
    const out: CallContext[] = [];
    for (let k = innermost[at] ?? -1; k !== -1; k = below[k]) if (ordered[k].from < at && at <= ordered[k].to) out.push(ordered[k].context);
    return out.reverse();
  }

  const calls: Call[] = [];
  const invocations: Invocation[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i];
    if (t.kind !== 'ident' || NOT_CALLS.has(t.value)) continue;
    let open = i + 1;
    if (isPunct(tokens[open], '<')) open = genericEnd(tokens, open, tokens.length) + 1;
    if (open === 0 || !isPunct(tokens[open], '(') || match[open] === -1) continue;
    // A call is `receiver.Name(` or `Name(` as a statement or an expression; `Type Name(` is a declaration.
    const before = tokens[i - 1];
    const qualified = isPunct(before, '.');
    if (!qualified && (isIdent(before) && !['return', 'await', 'else', 'new'].includes((before as { value: string }).value))) continue;
    if (!qualified && (isPunct(before, '>') || isPunct(before, ']') || isPunct(before, '?'))) continue;
    const close = match[open];
    let receiverStart = i;
    if (qualified) {
      receiverStart = i - 1;
      // Bounded, so that a long chain `a.b().c()…` costs each call a few steps, not the chain's length. A name or a
      // bracket belongs to the receiver only when a `.` or a bracket follows it: `return x.M(`, `if (c) x.M(` stop at x.
      for (let steps = 0; receiverStart > 0 && steps < RECEIVER_STEPS; steps++) {
        const prev = tokens[receiverStart - 1];
        const linked = isPunct(tokens[receiverStart], '.') || isPunct(tokens[receiverStart], '(') || isPunct(tokens[receiverStart], '[');
        if (isPunct(prev, '.')) receiverStart--;
        else if (!linked) break;
        else if (isIdent(prev)) receiverStart--;
        else if ((isPunct(prev, ')') || isPunct(prev, ']')) && match[receiverStart - 1] !== -1) receiverStart = match[receiverStart - 1];
        else break;
      }
    }
    const receiver = qualified ? text(receiverStart, i - 1) : null;
    if (!isIdent(before, 'new')) {
      invocations.push({ at: i, name: t.value, receiver, argumentCount: splitTopLevel(tokens, open + 1, close).filter(([a, b]) => a < b).length, line: t.line, receiverAt: receiverStart, open });
    }
    if (!callNames(t.value)) continue;
    const args = splitTopLevel(tokens, open + 1, close)
      .filter(([a, b]) => a < b)
      .map(([a, b]) => argumentAt(tokens, a, b, source));
    calls.push({
      at: i,
      name: t.value,
      receiver,
      args,
      line: t.line,
      text: text(receiverStart, close + 1),
      receiverAt: receiverStart,
      close,
      contexts: contextsAt(i),
      inClass: enclosing(i),
    });
  }

  for (const c of classes) Object.assign(c, { methods: c.methodsList, constants: c.constantsMap });
  const localConstants = localConstantUses(tokens, match, new Set(classes.map((c) => c.body[0])), source);
  return { tokens, localConstants, classes, calls, invocations, contextsAt };
}

/**
 * The uses of local constants, in one sweep of the file: a `const` declared in a block that is not a class's body (a
 * method's, a lambda's, an `if`'s, or the top-level statements) is in scope from its declaration to the end of its
 * block, as C# scopes it, and never inside a class declared in that block; another method's local of the same name
 * is another constant. Identifiers in the holes of
 * interpolated strings are uses too.
 */
function localConstantUses(tokens: readonly Token[], match: Int32Array, classBodies: ReadonlySet<number>, source: string): Map<Token, LocalConstant> {
  const uses = new Map<Token, LocalConstant>();
  const blocks: { open: number; names: Map<string, LocalConstant> }[] = [{ open: -1, names: new Map() }];
  // A class body hides the blocks outside it: C# finds a member (a field) before any local of the code around it,
  // and no local of top-level statements is in scope in a class.
  const visible = (name: string): LocalConstant | undefined => {
    for (let k = blocks.length - 1; k >= 0 && !classBodies.has(blocks[k].open); k--) {
      const found = blocks[k].names.get(name);
      if (found !== undefined) return found;
    }
    return undefined;
  };
  // Each name comes into scope after its initializer: `const string A = A;` does not refer to itself, `B = A` does.
  let pending: { end: number; constant: LocalConstant }[] = [];
  let next = 0;
  const use = (list: readonly Token[]): void => {
    for (const t of list) {
      if (t.kind === 'ident') {
        const found = visible(t.value);
        if (found !== undefined) uses.set(t, found);
      } else if (t.kind === 'interpolated') for (const part of t.parts) if (typeof part !== 'string' && part.tokens !== null) use(part.tokens);
    }
  };
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i];
    for (; next < pending.length && i >= pending[next].end; next++) blocks.at(-1)!.names.set(pending[next].constant.name, pending[next].constant);
    if (next === pending.length) [pending, next] = [[], 0];
    if (isPunct(t, '{')) blocks.push({ open: i, names: new Map() });
    else if (isPunct(t, '}')) {
      if (blocks.length > 1) blocks.pop();
    } else if (isIdent(t, 'const') && !classBodies.has(blocks.at(-1)!.open) && pending.length === 0) {
      let end = i + 1;
      while (end < tokens.length && !isPunct(tokens[end], ';')) end = match[end] > end ? match[end] + 1 : end + 1;
      for (const [a, b] of splitTopLevel(tokens, i + 1, end)) {
        // `const string A = "a", B = A + "b";`: the type comes before the first name.
        let at = a;
        while (at + 1 < b && !(isIdent(tokens[at]) && isPunct(tokens[at + 1], '='))) at++;
        if (at + 1 < b) pending.push({ end: b, constant: { name: (tokens[at] as { value: string }).value, expression: parseExpression(tokens, at + 2, b, source) } });
      }
    } else use([t]);
  }
  return uses;
}

/** `name: value` or a positional argument, from tokens[from, to). */
function argumentAt(tokens: readonly Token[], from: number, to: number, source: string): Argument {
  if (isIdent(tokens[from]) && isPunct(tokens[from + 1], ':') && !isPunct(tokens[from + 2], ':') && from + 2 < to) {
    return { name: (tokens[from] as { value: string }).value, style: 'named', value: parseExpression(tokens, from + 2, to, source) };
  }
  return { name: null, style: 'positional', value: parseExpression(tokens, from, to, source) };
}

/** Whether tokens[from, brace) end in `new Type(...)` or `new Type`, so that the `{` is its initializer. */
function isNewExpression(tokens: readonly Token[], from: number, brace: number): boolean {
  for (let i = brace - 1; i >= from && i >= brace - 16; i--) {
    if (isIdent(tokens[i], 'new')) return true;
    if (isPunct(tokens[i], ';') || isPunct(tokens[i], '{') || isPunct(tokens[i], '}') || isPunct(tokens[i], '=>')) return false;
  }
  return false;
}

/**
 * Where a declaration at tokens[at] begins: past the previous member (its `;` or `}`), the attribute groups
 * (`[Route("x")]`) first, then modifiers and the type. `floor`: do not look before it.
 */
function declarationStart(tokens: readonly Token[], match: Int32Array, at: number, floor = 0): { attributes: [number, number][]; afterAttributes: number } {
  let start = at;
  while (start > floor) {
    const prev = tokens[start - 1];
    if (isPunct(prev, ';') || isPunct(prev, '{') || isPunct(prev, '}')) break;
    if (isPunct(prev, ']') && match[start - 1] !== -1) start = match[start - 1];
    else start--;
  }
  const attributes: [number, number][] = [];
  let i = start;
  while (isPunct(tokens[i], '[') && match[i] > i && i < at) {
    attributes.push([i + 1, match[i]]);
    i = match[i] + 1;
  }
  return { attributes, afterAttributes: i };
}

/** The attributes of `[A, B(…)]` groups (an `assembly:` or `return:` group is not the declaration's). */
function attributesIn(tokens: readonly Token[], match: Int32Array, groups: readonly [number, number][], source: string): Attribute[] {
  const out: Attribute[] = [];
  for (const [from, to] of groups) {
    let start = from;
    if (isIdent(tokens[from]) && isPunct(tokens[from + 1], ':')) {
      const target = (tokens[from] as { value: string }).value;
      if (target !== 'type' && target !== 'method') continue;
      start = from + 2;
    }
    for (const [a, b] of splitTopLevel(tokens, start, to)) {
      if (a >= b) continue;
      let j = a;
      let name = '';
      while (isIdent(tokens[j]) && j < b) {
        name = (tokens[j] as { value: string }).value;
        if (isPunct(tokens[j + 1], '.')) j += 2;
        else break;
      }
      j++;
      name = name.replace(/Attribute$/, '');
      // A generic attribute (C# 11) keeps its type arguments in its name: `[HttpGet<T>("x")]` is not ASP.NET's [HttpGet].
      if (isPunct(tokens[j], '<')) {
        const close = genericEnd(tokens, j, b);
        if (close !== -1) {
          name += source.slice(tokens[j].start, tokens[close].end).replace(/\s+/g, '');
          j = close + 1;
        }
      }
      const args: Argument[] = [];
      if (isPunct(tokens[j], '(') && match[j] > j) {
        for (const [x, y] of splitTopLevel(tokens, j + 1, match[j])) {
          if (x >= y) continue;
          if (isIdent(tokens[x]) && isPunct(tokens[x + 1], '=') && !isPunct(tokens[x + 2], '=')) {
            args.push({ name: (tokens[x] as { value: string }).value, style: 'property', value: parseExpression(tokens, x + 2, y, source) });
          } else args.push(argumentAt(tokens, x, y, source));
        }
      }
      out.push({ name, args, line: tokens[a].line, text: source.slice(tokens[a].start, tokens[b - 1].end).replace(/\s+/g, ' ') });
    }
  }
  return out;
}

/** The tokens of the statement or block that starts at tokens[at]: [first, last]. */
function statementRange(tokens: readonly Token[], match: Int32Array, at: number): [number, number] {
  if (isPunct(tokens[at], '{') && match[at] > at) return [at, match[at]];
  let j = at;
  while (j < tokens.length && !isPunct(tokens[j], ';')) {
    if (isPunct(tokens[j], '}')) return [at, j - 1];
    j = match[j] > j ? match[j] + 1 : j + 1;
  }
  return [at, j];
}
