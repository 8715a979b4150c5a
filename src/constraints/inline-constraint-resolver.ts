// The inline constraint resolver (ASP.NET IInlineConstraintResolver): the names it is given, each with its factory.
// compile()'s ConstraintRegistry (registry.ts) starts from every built-in name and advises on a misspelt one; a
// router built ahead of time resolves only the names its module was built with (the built-in ones it imports),
// so its bundle carries neither the other constraints nor the guesser of misspelt names.
import type { ConstraintFactory, RouteConstraint } from './route-constraint.js';
import { nameKey } from '../name-key.js';

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

  /** The names of `sets`, a later set's name replacing an earlier one's. */
  constructor(...sets: (Readonly<Record<string, ConstraintFactory>> | undefined)[]) {
    for (const set of sets) if (set) for (const [name, factory] of Object.entries(set)) this.register(name, factory);
  }

  /** Adds (or replaces) an inline constraint name. */
  register(name: string, factory: ConstraintFactory): this {
    if (typeof factory !== 'function') throw new TypeError(`the constraint factory for "${name}" must be a function`);
    this.factories.set(nameKey(name), factory);
    return this;
  }

  /** True when `reference` ("int", "range(1,10)") names a registered constraint. */
  has(reference: string): boolean {
    return this.factories.has(nameKey(splitReference(reference).name));
  }

  /** Creates the constraint for an inline reference; throws an Error whose message says what is wrong. */
  resolve(reference: string): RouteConstraint {
    const { name, argumentText } = splitReference(reference);
    const factory = this.factories.get(nameKey(name));
    if (!factory) throw new Error(`the constraint "${name}" is unknown${this.unknownNameAdvice(name)}`);
    const args = argumentText === null ? [] : argumentText.split(',').map((a) => a.trim());
    return factory(args, argumentText);
  }

  /** After "is unknown": the names there are (ConstraintRegistry adds the likely meant name and how to add one). */
  unknownNameAdvice(_name: string): string {
    const names = [...this.factories.keys()];
    return names.length === 0 ? '. No constraint name is known.' : `. The known constraints are ${names.join(', ')}.`;
  }
}

