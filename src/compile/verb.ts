// The request method as the matchers compare it (upper case, GET when none is given), and the slots of the
// standard methods, which the static table and the method filter in front of the matchers find with a switch instead of a hash.

/** The methods the static table and the method filter keep apart from the rest (each has a slot: its index here). */
export const STANDARD_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS'] as const;

/** The slot of a standard method (its index in STANDARD_METHODS), or -1 for any other method. */
export function standardSlot(method: string): number {
  switch (method) {
    case 'GET':
      return 0;
    case 'HEAD':
      return 1;
    case 'POST':
      return 2;
    case 'PUT':
      return 3;
    case 'DELETE':
      return 4;
    case 'PATCH':
      return 5;
    case 'OPTIONS':
      return 6;
  }
  return -1;
}

/** The request method, upper-cased; GET when none is given. */
export function verbOf(method: string | null | undefined): string {
  if (typeof method !== 'string' || method === '') return 'GET';
  // The usual methods come upper-case already (node:http's are): no toUpperCase, which costs more than a match.
  return standardSlot(method) >= 0 ? method : method.toUpperCase();
}
