// First match wins in the emitted code as in the interpreted walk: a subtree is entered only while
// `best > minIndex`, i.e. while it could still hold an earlier route than the best found so far. GuardState
// tracks which bound the code being emitted has already checked, so a guard that asks nothing new is left out.

/** What the emitter knows about `best` at the point it is writing. */
export class GuardState {
  /** A bound already checked (`best > known`) and not changed since; -1: nothing known. */
  known = -1;
  /** How many places so far may have lowered `best` (a route tried, a subtree called). */
  changes = 0;

  /** Opens `if (best > min) {` unless that already holds here; true when it opened a block. */
  open(open: (text: string) => void, min: number, ix: (index: number) => string): boolean {
    if (this.known >= min) return false;
    open(`if (best > ${ix(min)}) {`);
    this.known = min;
    return true;
  }

  /** The state before a block, to restore with after(). */
  save(): { readonly known: number; readonly changes: number } {
    return { known: this.known, changes: this.changes };
  }

  /** After a block: what held before it still holds, unless something inside may have lowered best. */
  after(saved: { readonly known: number; readonly changes: number }): void {
    this.known = this.changes === saved.changes ? saved.known : -1;
  }

  /** `best` may have been lowered here: nothing about it is known any more. */
  changed(): void {
    this.changes++;
    this.known = -1;
  }
}
