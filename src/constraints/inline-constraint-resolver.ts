// The inline constraint resolver (ASP.NET IInlineConstraintResolver): the built-in names and the names an
// application adds. Without the advice of compile()'s ConstraintRegistry (registry.ts): a router built ahead of
// time resolves the names its module was built with, and its bundle need not carry the guesser of misspelt names.
import {
  AlphaRouteConstraint,
  BoolRouteConstraint,
  DateTimeRouteConstraint,
  DecimalRouteConstraint,
  DoubleRouteConstraint,
  FileNameRouteConstraint,
  FloatRouteConstraint,
  GuidRouteConstraint,
  IntRouteConstraint,
  LengthRouteConstraint,
  LongRouteConstraint,
  MaxLengthRouteConstraint,
  MaxRouteConstraint,
  MinLengthRouteConstraint,
  MinRouteConstraint,
  NonFileNameRouteConstraint,
  RangeRouteConstraint,
  RegexRouteConstraint,
  RequiredRouteConstraint,
} from './builtins.js';
import { parseInt64 } from './invariant-parsers.js';
import type { ConstraintFactory, RouteConstraint } from './route-constraint.js';

function argCount(name: string, args: readonly string[], ...allowed: number[]): void {
  if (!allowed.includes(args.length)) {
    const expected = allowed.map(String).join(' or ');
    throw new Error(`the constraint "${name}" takes ${expected} argument(s), got ${args.length}`);
  }
}

function int64Arg(name: string, text: string): bigint {
  const n = parseInt64(text);
  if (n === null) throw new Error(`the argument "${text}" of the constraint "${name}" is not a 64-bit integer`);
  return n;
}

function int32Arg(name: string, text: string): number {
  const n = int64Arg(name, text);
  if (n > 2147483647n || n < -2147483648n) throw new Error(`the argument "${text}" of the constraint "${name}" is not a 32-bit integer`);
  return Number(n);
}

const noArgs =
  (name: string, create: () => RouteConstraint): ConstraintFactory =>
  (args) => {
    argCount(name, args, 0);
    return create();
  };

/** The built-in inline constraint names (ASP.NET RouteOptions.ConstraintMap). */
export const builtinConstraints: Readonly<Record<string, ConstraintFactory>> = {
  int: noArgs('int', () => new IntRouteConstraint()),
  bool: noArgs('bool', () => new BoolRouteConstraint()),
  datetime: noArgs('datetime', () => new DateTimeRouteConstraint()),
  decimal: noArgs('decimal', () => new DecimalRouteConstraint()),
  double: noArgs('double', () => new DoubleRouteConstraint()),
  float: noArgs('float', () => new FloatRouteConstraint()),
  guid: noArgs('guid', () => new GuidRouteConstraint()),
  long: noArgs('long', () => new LongRouteConstraint()),
  alpha: noArgs('alpha', () => new AlphaRouteConstraint()),
  required: noArgs('required', () => new RequiredRouteConstraint()),
  file: noArgs('file', () => new FileNameRouteConstraint()),
  nonfile: noArgs('nonfile', () => new NonFileNameRouteConstraint()),
  minlength: (args) => {
    argCount('minlength', args, 1);
    return new MinLengthRouteConstraint(int32Arg('minlength', args[0]));
  },
  maxlength: (args) => {
    argCount('maxlength', args, 1);
    return new MaxLengthRouteConstraint(int32Arg('maxlength', args[0]));
  },
  length: (args) => {
    argCount('length', args, 1, 2);
    const min = int32Arg('length', args[0]);
    return new LengthRouteConstraint(min, args.length === 2 ? int32Arg('length', args[1]) : min);
  },
  min: (args) => {
    argCount('min', args, 1);
    return new MinRouteConstraint(int64Arg('min', args[0]));
  },
  max: (args) => {
    argCount('max', args, 1);
    return new MaxRouteConstraint(int64Arg('max', args[0]));
  },
  range: (args) => {
    argCount('range', args, 2);
    return new RangeRouteConstraint(int64Arg('range', args[0]), int64Arg('range', args[1]));
  },
  // The whole argument text is the pattern: commas and parentheses inside it are not separators.
  regex: (_args, argumentText) => {
    if (argumentText === null) throw new Error('the constraint "regex" takes 1 argument (the expression)');
    return new RegexRouteConstraint(argumentText);
  },
};

/** Splits "name(args)" into its name and argument text, as ASP.NET's DefaultInlineConstraintResolver. */
export function splitReference(text: string): { name: string; argumentText: string | null } {
  const open = text.indexOf('(');
  if (open >= 0 && text.endsWith(')')) {
    return { name: text.slice(0, open), argumentText: text.slice(open + 1, -1) };
  }
  return { name: text, argumentText: null };
}

/** Resolves inline constraint references such as "int" or "range(1,10)"; names are case-insensitive. */
export class InlineConstraintResolver {
  protected readonly factories = new Map<string, ConstraintFactory>();

  constructor(extra?: Readonly<Record<string, ConstraintFactory>>) {
    for (const [name, factory] of Object.entries(builtinConstraints)) this.register(name, factory);
    if (extra) for (const [name, factory] of Object.entries(extra)) this.register(name, factory);
  }

  /** Adds (or replaces) an inline constraint name. */
  register(name: string, factory: ConstraintFactory): this {
    if (typeof factory !== 'function') throw new TypeError(`the constraint factory for "${name}" must be a function`);
    this.factories.set(name.toLowerCase(), factory);
    return this;
  }

  /** True when `reference` ("int", "range(1,10)") names a registered constraint. */
  has(reference: string): boolean {
    return this.factories.has(splitReference(reference).name.toLowerCase());
  }

  /** Creates the constraint for an inline reference; throws an Error whose message says what is wrong. */
  resolve(reference: string): RouteConstraint {
    const { name, argumentText } = splitReference(reference);
    const factory = this.factories.get(name.toLowerCase());
    if (!factory) throw new Error(`the constraint "${name}" is unknown${this.unknownNameAdvice(name)}`);
    const args = argumentText === null ? [] : argumentText.split(',').map((a) => a.trim());
    return factory(args, argumentText);
  }

  /** After "is unknown": the names there are (ConstraintRegistry adds the likely meant name and how to add one). */
  unknownNameAdvice(_name: string): string {
    return `. The known constraints are ${[...this.factories.keys()].join(', ')}.`;
  }
}

