// The constants array K of one emitted unit: every string, default, regular expression, route object and trie
// node the code reads enters the source only as K[i], never as text, so nothing in a route definition can
// become code.

/** Values by position, deduplicated: strings and numbers by value, objects by identity. */
export class ConstantPool {
  readonly constants: unknown[] = [];
  private readonly index = new Map<unknown, number>();

  /** The expression `K[i]` that reads `value`. */
  ref(value: unknown): string {
    let i = this.index.get(value);
    if (i === undefined) {
      i = this.constants.push(value) - 1;
      this.index.set(value, i);
    }
    return `K[${i}]`;
  }
}
