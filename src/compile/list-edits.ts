// Putting one item into a list, or taking one out, by moving the items after it: the live table does this on
// every change (its list of routes, its tries' lists). Array.prototype.splice would do the same and also make
// a list of the items it removed, an empty one for an insert, on every call.

/** Inserts `item` at index `at` (0 ≤ at ≤ list.length). */
export function insertAt<T>(list: T[], at: number, item: T): void {
  list.push(item);
  for (let i = list.length - 1; i > at; i--) list[i] = list[i - 1];
  list[at] = item;
}

/** Removes and returns the item at index `at` (0 ≤ at < list.length). */
export function removeAt<T>(list: T[], at: number): T {
  const item = list[at];
  for (let i = at + 1; i < list.length; i++) list[i - 1] = list[i];
  list.pop();
  return item;
}
