// The request method as the matchers compare it: upper case, GET when none is given.

/** The request method, upper-cased; GET when none is given. */
export function verbOf(method: string | null | undefined): string {
  switch (method) {
    // The usual methods come upper-case already (node:http's are): no toUpperCase, which costs more than a match.
    case 'GET':
    case 'POST':
    case 'PUT':
    case 'DELETE':
    case 'PATCH':
    case 'HEAD':
    case 'OPTIONS':
      return method;
  }
  return typeof method === 'string' && method !== '' ? method.toUpperCase() : 'GET';
}
