// First match wins in the emitted code as in the interpreted walk: a subtree is entered only while
// `best > minIndex`, i.e. while it could still hold an earlier route than the best found so far. GuardState
// tracks which bound the code being emitted has already checked, so a guard that asks nothing new is left out.
//
// A subtree's function hands back only what it found (`m`): its route's index is read (`best =
// found.route.index`) where `best` is read next, not where the function returns. Most calls are the last thing
// their branch does, so most lookups read no index at all: a compiled table's route reads its index through a
// getter (compiled-route.ts), a call in the interpreter, and one TurboFan compiles on its own once it is hot.
import type { Writer } from './writer.js';

/** The state before a block or a chain of branches, to restore with after(). */
export interface GuardMark {
  readonly known: number;
  readonly changes: number;
  readonly stale: boolean;
  /** Some branch of the chain ended with `best` stale (branch()). */
  staleInBranch: boolean;
}

/** What the emitter knows about `best` at the point it is writing. */
export class GuardState {
  /** A bound already checked (`best > known`) and not changed since; -1: nothing known. */
  known = -1;
  /** How many places so far may have lowered `best` (a route tried, a subtree called). */
  changes = 0;
  /** A subtree's answer may be in `found` while `best` is not yet lowered to its index (refresh() does it). */
  stale = false;

  /** Opens `if (best > min) {` unless that already holds here; true when it opened a block. */
  open(w: Writer, min: number, ix: (index: number) => string): boolean {
    if (this.known >= min) return false;
    this.refresh(w);
    w.open(`if (best > ${ix(min)}) {`);
    this.known = min;
    return true;
  }

  /** Before code that reads `best`: lowers it to what a subtree found, if one may have. */
  refresh(w: Writer): void {
    if (!this.stale) return;
    w.line('if (found !== null) best = found.route.index;');
    this.stale = false;
  }

  /** The state before a block, to restore with after(). */
  save(): GuardMark {
    return { known: this.known, changes: this.changes, stale: this.stale, staleInBranch: false };
  }

  /** The start of the next branch of a chain begun at `mark`: it runs only when the branches before it did not. */
  branch(mark: GuardMark): void {
    mark.staleInBranch ||= this.stale;
    this.known = mark.known;
    this.stale = mark.stale;
  }

  /** After a block: what held before it still holds, unless something inside may have lowered best. */
  after(mark: GuardMark): void {
    this.known = this.changes === mark.changes ? mark.known : -1;
    this.stale = this.stale || mark.staleInBranch || mark.stale;
  }

  /** `best` may have been lowered here (a route tried): nothing about it is known any more. */
  changed(): void {
    this.changes++;
    this.known = -1;
  }

  /** A subtree's answer was kept in `found` without lowering `best` (refresh() lowers it where it is read next). */
  foundBelow(): void {
    this.changes++;
    this.known = -1;
    this.stale = true;
  }
}
