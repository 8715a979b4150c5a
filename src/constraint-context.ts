// The context a route constraint's match() receives when the caller passed none (a router matched outside an
// HTTP server, explain() without a context): a request carrying its method alone, so that constraints that look
// at the request (the HTTP method one) still decide. Every matcher, the reference one included, explain(), the
// diagnostics and the emitted code take it from here.

/** `httpContext`, or, when the caller passed none, a minimal one that carries the request's method. */
export function constraintContext(httpContext: unknown, method: string): unknown {
  return httpContext ?? { request: { method } };
}

/**
 * constraintContext() as the emitted code writes it, in place (no call on a lookup's path), over the emitted
 * function's variables `ctx` and `method`; test/generated.test.ts checks it against constraintContext().
 */
export const CONSTRAINT_CONTEXT_CODE = 'ctx ?? { request: { method } }';
