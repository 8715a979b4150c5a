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

/** The one wording for a route name given twice. */
export function duplicateRouteName(name: string): string {
  return `the route name "${name}" is already used by an earlier route (names are case-insensitive)`;
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
