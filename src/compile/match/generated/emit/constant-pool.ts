// The constants array K of one emitted unit: every string, default, regular expression, route object and trie
// node the code reads enters the source only as K[i], never as text, so nothing in a route definition can
// become code. A value enters the pool where its K[i] is written into the code, so the pool holds what the code
// reads and nothing else, each with what it is to that code (legend.ts says it in words).

/** What a constant is to the code that reads it. */
export type ConstantKind =
  | 'base' // a subtree unit's first route index (b)
  | 'route' // a route object (found.route)
  | 'answer' // a static route's one answer
  | 'values' // a static route's answer's values
  | 'default' // a default value (about: its name)
  | 'name' // a value's name
  | 'constraint' // a RouteConstraint (about: its key)
  | 'argument' // an inline check's argument (about: the check's helper)
  | 'literal' // a literal segment's (folded) text
  | 'pattern' // a complex segment's pattern
  | 'node' // a trie node the interpreted walk starts from (about: its segment)
  | 'keys' // a literal table's keys (about: the table's number)
  | 'subtrees'; // a literal table's lazy subtrees (about: the table's number)

/** One place the code reads a constant: what it is there, and what of the code it belongs to. */
export interface ConstantUse {
  readonly kind: ConstantKind;
  readonly about: string | number | null;
}

/** Values by position, deduplicated: strings and numbers by value, objects by identity. */
export class ConstantPool {
  readonly constants: unknown[] = [];
  /** Per constant, how the code reads it first (kinds[i] of abouts[i]); other uses of the same value in `more`. */
  readonly kinds: ConstantKind[] = [];
  readonly abouts: (string | number | null)[] = [];
  readonly more = new Map<number, ConstantUse[]>();
  private readonly index = new Map<unknown, number>();

  /** The expression `K[i]` that reads `value`, where the code reads it as `kind` (of `about`). */
  ref(value: unknown, kind: ConstantKind, about: string | number | null = null): string {
    let i = this.index.get(value);
    if (i === undefined) {
      i = this.constants.push(value) - 1;
      this.index.set(value, i);
      this.kinds.push(kind);
      this.abouts.push(about);
    } else if (this.kinds[i] !== kind || this.abouts[i] !== about) {
      // A text that is a literal here and a name there: the legend says both.
      const more = this.more.get(i);
      if (more === undefined) this.more.set(i, [{ kind, about }]);
      else if (!more.some((use) => use.kind === kind && use.about === about)) more.push({ kind, about });
    }
    return `K[${i}]`;
  }
}

/** What a unit's legend reads of its pool (not the index, which a unit no longer needs once written). */
export type ConstantUses = Pick<ConstantPool, 'constants' | 'kinds' | 'abouts' | 'more'>;

/** Every use of constant i, the first first. */
export function usesOf({ kinds, abouts, more }: ConstantUses, i: number): ConstantUse[] {
  return [{ kind: kinds[i], about: abouts[i] }, ...(more.get(i) ?? [])];
}
