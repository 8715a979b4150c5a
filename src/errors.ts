/** Thrown by parseTemplate for an invalid route template; names the template, the 0-based index and the reason. */
export class TemplateParseError extends Error {
  override readonly name = 'TemplateParseError';
  constructor(
    readonly template: string,
    readonly index: number,
    readonly reason: string,
  ) {
    super(`Invalid route template ${JSON.stringify(template)}: ${reason} at index ${index}`);
  }
}

/**
 * A configuration mistake found while creating a route (unknown constraint, bad constraint arguments,
 * duplicate default, duplicate name...). Always thrown at start-up, never at request time.
 */
export class RouteCreationError extends Error {
  override readonly name = 'RouteCreationError';
  constructor(
    readonly routeName: string | null,
    readonly template: string,
    readonly reason: string,
    options?: { cause?: unknown },
  ) {
    super(`Cannot create route ${routeName ? `"${routeName}" ` : ''}with template ${JSON.stringify(template)}: ${reason}`, options);
  }
}

/** One route of a table that cannot be created, by its index in the collection. */
export interface RouteFailure {
  readonly routeIndex: number;
  /** TemplateParseError, RouteCreationError, or a TypeError for a route that is no route definition at all. */
  readonly error: Error;
}

/**
 * Every route of a table that cannot be created, thrown by compile() when there are two or more (one alone is
 * thrown as it is): the whole table is fixed in one run, not one error per run. `errors` are the errors, in
 * collection order; `failures` pairs each with its route's index.
 */
export class RouteTableError extends AggregateError {
  override readonly name = 'RouteTableError';
  constructor(readonly failures: readonly RouteFailure[]) {
    super(
      failures.map((f) => f.error),
      `${failures.length} routes cannot be created:\n${failures.map((f) => `  route ${f.routeIndex}: ${f.error.message}`).join('\n')}`,
    );
  }
}

/** The failures of a table, thrown: none, nothing; one alone as its own error; several in one RouteTableError. */
export function throwRouteFailures(failures: readonly RouteFailure[]): void {
  if (failures.length === 1) throw failures[0].error;
  if (failures.length > 1) throw new RouteTableError(failures);
}
