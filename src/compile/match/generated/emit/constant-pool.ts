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
  /** Per constant, its different uses (a text can be a literal and a name). */
  readonly uses: ConstantUse[][] = [];
  private readonly index = new Map<unknown, number>();

  /** The expression `K[i]` that reads `value`, where the code reads it as `kind` (of `about`). */
  ref(value: unknown, kind: ConstantKind, about: string | number | null = null): string {
    let i = this.index.get(value);
    if (i === undefined) {
      i = this.constants.push(value) - 1;
      this.index.set(value, i);
      this.uses.push([{ kind, about }]);
    } else if (!this.uses[i].some((use) => use.kind === kind && use.about === about)) {
      this.uses[i].push({ kind, about });
    }
    return `K[${i}]`;
  }
}
