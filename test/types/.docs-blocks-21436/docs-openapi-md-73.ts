import type { RouteConstraint, RouteValues } from 'switchyard-router';

class SlugConstraint implements RouteConstraint {
  match(_httpContext: unknown, _route: unknown, key: string, values: RouteValues) { return /^[a-z0-9-]+$/.test(String(values[key] ?? '')); }
  toOpenApiSchema() { return { type: 'string', pattern: '^[a-z0-9-]+$' }; }
}

export {};
