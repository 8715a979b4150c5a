// RouteOrder (a live table's list of routes) against a plain array: every position, every order key, every
// cached position, after random inserts and removes sized to split blocks and drop them again.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RouteOrder, type Block, type Ordered } from '../src/compile/live/route-order.js';
import { fuzzHarness } from './support/fuzz.js';

const { check: checkProperty } = fuzzHarness('test/route-order.test.ts', 0x0de4);

interface Item extends Ordered<Item> {
  readonly id: number;
  block: Block<Item> | null;
  order: number;
  /** A position computed at `seenAt`, to check isCurrent() against the model. */
  seen: number;
  seenAt: number;
}

const item = (id: number): Item => ({ id, block: null, order: 0, seen: -1, seenAt: -1 });

type Change = { kind: 'insert'; at: number } | { kind: 'remove'; at: number } | { kind: 'look'; at: number };

/** Applies the changes to both lists and checks them after each one. */
function check(initial: number, changes: readonly Change[], bulk = false): void {
  const order = new RouteOrder<Item>();
  const model: Item[] = Array.from({ length: initial }, (_, i) => item(i));
  let next = initial;
  if (bulk) order.appendAll(model);
  else for (const it of model) order.insert(order.length, it);
  for (const change of changes) {
    const at = model.length === 0 ? 0 : change.at % (change.kind === 'insert' ? model.length + 1 : model.length);
    if (change.kind === 'insert') {
      const it = item(next++);
      order.insert(at, it);
      model.splice(at, 0, it);
    } else if (change.kind === 'remove' && model.length > 0) {
      expect(order.removeAt(at)).toBe(model[at]);
      model.splice(at, 1);
    } else if (model.length > 0) {
      // A cached position is reported current exactly when the item did not move.
      const it = model[at];
      if (it.seenAt >= 0) expect(order.isCurrent(it.seen, it.seenAt) && it.seen !== at).toBe(false);
      it.seen = order.positionOf(it);
      it.seenAt = order.version;
    }
    expect(order.length).toBe(model.length);
  }
  model.forEach((it, position) => {
    expect(order.at(position)).toBe(it);
    expect(order.positionOf(it)).toBe(position);
    if (position > 0) expect(it.order).toBeGreaterThan(model[position - 1].order);
  });
  expect([...order]).toEqual(model);
}

const changeArb: fc.Arbitrary<Change> = fc.record({ kind: fc.constantFrom('insert', 'remove', 'look'), at: fc.nat() }) as fc.Arbitrary<Change>;

describe('RouteOrder against an array', () => {
  it.each([
    ['a small list', 0, 200],
    ['blocks split (inserts past 256 in one place)', 300, 800],
    ['blocks emptied and dropped', 1000, 1500],
  ])('%s', (label, initial, length) => {
    checkProperty(
      label,
      fc.property(fc.array(changeArb, { minLength: length, maxLength: length }), fc.boolean(), (changes, bulk) => check(initial, changes, bulk)),
      20,
    );
  });

  it.each([
    ['inserts at one place spread the keys around it', Array.from({ length: 600 }, (): Change => ({ kind: 'insert', at: 0 }))],
    ['removes from the front empty the first blocks', Array.from({ length: 900 }, (): Change => ({ kind: 'remove', at: 0 }))],
    ['removes from the back', Array.from({ length: 900 }, (_, i): Change => ({ kind: 'remove', at: 999 - i }))],
    [
      'removes from the back drop the last blocks, appends split the last block again',
      [...Array.from({ length: 700 }, (_, i): Change => ({ kind: 'remove', at: 999 - i })), ...Array.from({ length: 700 }, (_, i): Change => ({ kind: 'insert', at: 300 + i }))],
    ],
  ])('%s', (_, changes) => {
    check(1000, changes);
    check(1000, changes, true); // the first 1,000 appended at once (appendAll), as a live table starts
  });
});
