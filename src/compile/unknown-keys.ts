// A key an object of options cannot have (a route definition's, a group's, a mapped route's) is a mistake, never
// ignored: a misspelt `middlewares: [auth]` left out would leave its route open to every request. This file is the
// one place that check and its message are written; each caller gives the keys it takes.
import { didYouMeanSuffix } from '../did-you-mean.js';

/**
 * Why each key of `given` that `allowed` lacks is wrong, in order: the key, the allowed key it most likely meant,
 * and what `owner` ("a route", "a group") has. Empty when every key is allowed.
 */
export function unknownKeys(given: object, allowed: readonly string[], owner: string): string[] {
  const reasons: string[] = [];
  for (const key of Object.keys(given)) {
    if (allowed.includes(key)) continue;
    reasons.push(`unknown key ${JSON.stringify(key)}${didYouMeanSuffix(key, allowed)}; ${owner} has ${allowed.map((k) => `"${k}"`).join(', ')}`);
  }
  return reasons;
}
