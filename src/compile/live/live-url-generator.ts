// URL generation over a live table: url-generator.ts's generation over the table's current routes, with each
// route's generators kept in its slot, so that they survive the inserts and removes that move the route
// (and its index read from its place: the route itself is the answer).
import type { GenerationRoutes } from '../generate/url-generator.js';
import type { LiveTable, Slot } from './live-table.js';

/** A live table's routes as URL generation reads them. */
export function liveRoutes(table: LiveTable): GenerationRoutes<Slot> {
  return {
    named: (name) => table.named(name),
    inOrder: () => table.slots(),
    at: (index) => table.slotAt(index),
    answerOf: (slot) => slot,
    generationOf: (slot) => (slot.generation ??= {}),
  };
}
