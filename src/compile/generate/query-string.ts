// The query string of a generated URL: the explicit values no parameter and no default takes.
import { toRouteString } from '../../route-values.js';
import { encodeUrlPart } from './url-encoder.js';
import type { ValueBag } from './value-bag.js';

/** Explicit values that match no parameter (nor a default) go to the query, in the order given. */
export function buildQuery(
  values: ValueBag,
  parameterNames: ReadonlySet<string>,
  parameterSet: ReadonlySet<string>,
  defaultNames: ReadonlySet<string>,
  defaultKeys: ReadonlySet<string>,
): string {
  let query = '';
  values.keys.forEach((key, i) => {
    if (parameterNames.has(key) || defaultNames.has(key)) return; // exact spelling: no lower-casing needed
    const lower = values.lowerKeyAt(i);
    if (parameterSet.has(lower) || defaultKeys.has(lower)) return;
    const value = values.values[key];
    const items = Array.isArray(value) ? value : [value];
    for (const item of items) {
      const text = toRouteString(item);
      if (text === '') continue;
      query += `${query === '' ? '?' : '&'}${encodeUrlPart(key)}=${encodeUrlPart(text)}`;
    }
  });
  return query;
}
