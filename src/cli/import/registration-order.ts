// The order an application makes its conventional registrations in, which is the order ASP.NET tries the
// routes in (first match wins). It starts from each entry point — a method no method of the sources calls
// (RegisterRoutes, RegisterArea, Configure, an IRouteProvider's RegisterRoutes) or a file's top-level statements —
// and follows, in the order they are made, its calls to methods of the same sources: of the same class (or an
// enclosing or base class), of a class named by the call (`ApiRoutes.Map(app)`), or an extension method
// (`app.MapShop()`), told apart by name and number of arguments. Only what leads to a registration is followed.
// A cycle is cut where a method would call back into itself, a chain past MAX_DEPTH calls goes on from where it
// was cut, and the walk goes through at most MAX_VISITS method bodies (each said in a note). An entry point's calls make one
// sequence; area registrations come first, as AreaRegistration.RegisterAllAreas() runs before RegisterRoutes.
import type { Call, CallContext, FileDeclarations, Invocation, MethodDeclaration } from './declarations.js';
import type { Finding } from './imported-route.js';
import { conditionNote, foreignLambda, isAreaRegistration } from './conventional-routes.js';
import type { SourceClasses, SourceMethod } from './source-classes.js';

/** How many calls deep the walk follows from an entry point before it goes on from there separately. */
export const MAX_DEPTH = 32;
/** How many method bodies the walk goes through in all (a method called from several places counts each time). */
export const MAX_VISITS = 10_000;

export interface ReadFile {
  readonly file: string;
  readonly declarations: FileDeclarations;
}

/** The registration calls one entry point makes, in order, each with its file. */
export interface RegistrationSequence {
  /** `RouteConfig.RegisterRoutes (App_Start/RouteConfig.cs:13)`, or `the top-level statements of Program.cs`. */
  readonly entry: string;
  readonly isArea: boolean;
  readonly calls: readonly { readonly file: string; readonly call: Call }[];
}

type Step = { readonly kind: 'call'; readonly call: Call } | { readonly kind: 'invocation'; readonly invocation: Invocation };

/** A method body, or the part of a file outside every method (top-level statements): what the walk goes through. */
interface Body {
  readonly file: ReadFile;
  readonly method: SourceMethod | null;
  readonly label: string;
  /** Its registrations and invocations in the order written. */
  readonly steps: readonly Step[];
}

/** Where a method of the sources is called from: the file and the invocation. */
export interface CallSite {
  readonly file: string;
  readonly invocation: Invocation;
}

export function registrationOrder(files: readonly ReadFile[], classes: SourceClasses): { sequences: RegistrationSequence[]; findings: Finding[]; callSites: ReadonlyMap<MethodDeclaration, readonly CallSite[]> } {
  const findings: Finding[] = [];
  const bodies: Body[] = [];
  const bodyOf = new Map<MethodDeclaration, Body>();
  for (const file of files) {
    const { calls, invocations } = file.declarations;
    // Method bodies do not nest (a class is not declared in a method): each step is in at most one, found by bisection.
    const methods: SourceMethod[] = file.declarations.classes.flatMap((owner) => owner.methods.map((method) => ({ file: file.file, owner, method }))).sort((a, b) => a.method.body[0] - b.method.body[0]);
    const registering = new Set(calls.map((c) => c.at));
    const steps = [...calls.map((call) => ({ kind: 'call' as const, call, at: call.at })), ...invocations.filter((i) => !registering.has(i.at)).map((invocation) => ({ kind: 'invocation' as const, invocation, at: invocation.at }))].sort((a, b) => a.at - b.at);
    const stepsOf = methods.map((): Step[] => []);
    const outside: Step[] = [];
    for (const step of steps) {
      let low = 0;
      let high = methods.length - 1;
      let found = -1;
      while (low <= high) {
        const middle = (low + high) >> 1;
        if (methods[middle].method.body[0] < step.at) {
          found = middle;
          low = middle + 1;
        } else high = middle - 1;
      }
      if (found !== -1 && step.at <= methods[found].method.body[1]) stepsOf[found].push(step);
      else outside.push(step);
    }
    methods.forEach((m, index) => {
      const body: Body = { file, method: m, label: `${m.owner.qualifiedName}.${m.method.name} (${file.file}:${m.method.line})`, steps: stepsOf[index] };
      bodies.push(body);
      bodyOf.set(m.method, body);
    });
    if (outside.length > 0) bodies.push({ file, method: null, label: `the statements of ${file.file} outside any method`, steps: outside });
  }

  // Each invocation's method, when exactly one method of the sources fits it.
  const targetOf = new Map<Invocation, Body | null>();
  const resolve = (body: Body, invocation: Invocation): Body | null => {
    if (!targetOf.has(invocation)) {
      const fits = classes.hasMethod(invocation.name) ? candidates(classes, body.method, invocation) : [];
      targetOf.set(invocation, fits.length === 1 ? (bodyOf.get(fits[0].method) ?? null) : null);
    }
    return targetOf.get(invocation)!;
  };

  // Which bodies lead to a registration: those that make one, and their callers, and so on.
  const callers = new Map<Body, Set<Body>>();
  const callSites = new Map<MethodDeclaration, CallSite[]>();
  for (const body of bodies) {
    for (const step of body.steps) {
      if (step.kind !== 'invocation') continue;
      const target = resolve(body, step.invocation);
      if (target?.method != null) {
        const sites = callSites.get(target.method.method);
        const site = { file: body.file.file, invocation: step.invocation };
        if (sites === undefined) callSites.set(target.method.method, [site]);
        else sites.push(site);
      }
      if (target !== null && target !== body) callers.set(target, (callers.get(target) ?? new Set()).add(body));
    }
  }
  const registers = new Set<Body>();
  const pending = bodies.filter((b) => b.steps.some((s) => s.kind === 'call'));
  for (let body = pending.pop(); body !== undefined; body = pending.pop()) {
    if (registers.has(body)) continue;
    registers.add(body);
    for (const caller of callers.get(body) ?? []) if (!registers.has(caller)) pending.push(caller);
  }

  const sequences: RegistrationSequence[] = [];
  const walked = new Set<Body>();
  const deferred: Body[] = [];
  const said = new Set<string>();
  const note = (file: string, invocation: Invocation, kind: Finding['kind'], message: string): void => {
    const key = `${file}\u0000${invocation.at}\u0000${message}`;
    if (said.has(key)) return;
    said.add(key);
    findings.push({ kind, file, line: invocation.line, text: `${invocation.receiver === null ? '' : `${invocation.receiver}.`}${invocation.name}(…)`, message });
  };
  let visits = 0;

  const walk = (body: Body, stack: Body[], out: { file: string; call: Call }[]): void => {
    walked.add(body);
    visits++;
    for (const step of body.steps) {
      if (step.kind === 'call') {
        out.push({ file: body.file.file, call: step.call });
        continue;
      }
      const target = resolve(body, step.invocation);
      if (target === null || !registers.has(target)) continue;
      const file = body.file.file;
      const contexts: CallContext[] = body.file.declarations.contextsAt(step.invocation.at);
      const lambda = foreignLambda(contexts);
      if (lambda !== undefined) {
        note(file, step.invocation, 'skipped', `inside a lambda given to ${lambda.text}: the routes ${target.label} registers are not imported (what that call does with the lambda is the application's code)`);
        continue;
      }
      if (target === body || stack.includes(target)) {
        note(file, step.invocation, 'note', `not followed: a cycle (${target.label} is already registering routes on this path)`);
        continue;
      }
      if (stack.length > MAX_DEPTH) {
        note(file, step.invocation, 'note', `not followed from here: more than ${MAX_DEPTH} calls deep; ${target.label} is read on its own after this entry point`);
        deferred.push(target);
        continue;
      }
      if (visits >= MAX_VISITS) {
        note(file, step.invocation, 'note', `not followed: the importer goes through at most ${MAX_VISITS} method bodies`);
        continue;
      }
      const before = out.length;
      walk(target, [...stack, target], out);
      for (const c of contexts) {
        const condition = conditionNote(c);
        if (condition !== null && out.length > before) note(file, step.invocation, 'note', `the registrations of ${target.label} are imported, but ${condition}`);
      }
    }
  };

  const sequenceFrom = (body: Body): void => {
    const calls: { file: string; call: Call }[] = [];
    walk(body, [body], calls);
    if (calls.length > 0) sequences.push({ entry: body.label, isArea: inAreaRegistration(body, classes), calls });
  };
  const entries = bodies.filter((b) => registers.has(b) && !callers.has(b));
  for (const body of [...entries.filter((b) => inAreaRegistration(b, classes)), ...entries.filter((b) => !inAreaRegistration(b, classes))]) sequenceFrom(body);
  // What is left: chains cut at MAX_DEPTH, then methods only a cycle calls (not those only a lambda calls: said above).
  for (let body = deferred.shift(); body !== undefined; body = deferred.shift()) if (!walked.has(body)) sequenceFrom(body);
  // The methods some other method calls outside a lambda given to another call: found in one pass over the calls,
  // not, for each method left, a pass over all its callers' steps (20,000 methods left past MAX_VISITS, each called
  // from one body of 30,000 steps, were 600 million steps).
  const calledPlainly = new Set<Body>();
  for (const caller of bodies) {
    for (const s of caller.steps) {
      if (s.kind !== 'invocation') continue;
      const target = resolve(caller, s.invocation);
      if (target !== null && target !== caller && !calledPlainly.has(target) && foreignLambda(caller.file.declarations.contextsAt(s.invocation.at)) === undefined) calledPlainly.add(target);
    }
  }
  for (const body of bodies) {
    if (walked.has(body) || !registers.has(body)) continue;
    if (calledPlainly.has(body)) sequenceFrom(body);
  }
  return { sequences, findings, callSites };
}

/** A method of an AreaRegistration (RegisterArea): its routes come before the others'. */
const inAreaRegistration = (body: Body, classes: SourceClasses): boolean => body.method !== null && classes.partsOf(body.method.owner).some(isAreaRegistration);

/**
 * The methods an invocation made from `from` can mean, by name and number of arguments: its own class's (and
 * its enclosing and base classes'), the static methods of a class it names, or else extension methods (the
 * value it is called on being their first argument).
 */
function candidates(classes: SourceClasses, from: SourceMethod | null, invocation: Invocation): SourceMethod[] {
  const { receiver, name, argumentCount } = invocation;
  const fits = (count: number) => (m: SourceMethod) => m.method.arity.min <= count && count <= m.method.arity.max;
  const own = from?.owner ?? null;
  if (receiver === null || receiver === 'this' || receiver === 'base') {
    if (own === null) return [];
    const chain = [];
    if (receiver !== 'base') {
      for (let path = own.qualifiedName.split('.'); path.length > 0; path = path.slice(0, -1)) {
        const c = classes.named(path, own);
        if (c !== null) chain.push(c);
      }
    }
    for (let base = classes.baseOf(own), depth = 0; base !== null && depth < 16; base = classes.baseOf(base), depth++) chain.push(base);
    for (const c of chain) {
      const found = classes.methodsOf(c, name).filter(fits(argumentCount));
      if (found.length > 0) return found;
    }
    return [];
  }
  const path = receiver.replace(/^global::/, '').split('.');
  if (path.every((p) => /^[A-Za-z_]\w*$/.test(p))) {
    const named = classes.named(path, own);
    if (named !== null) return classes.methodsOf(named, name).filter((m) => m.method.isStatic && fits(argumentCount)(m));
  }
  return classes.staticMethodsNamed(name).filter((m) => m.method.isExtension && fits(argumentCount + 1)(m));
}
