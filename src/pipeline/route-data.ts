// RouteData (as ASP.NET's classic routing names it): what routing a request found.
import type { RouteValues } from '../route-values.js';
import type { Router } from './router.js';

/** The result of routing: values from the URL plus defaults, the route's data tokens, the routers on the way. */
export class RouteData<Values extends RouteValues = RouteValues> {
  constructor(
    /**
     * Route values: URL values are decoded strings; defaults as given. A plain object keyed by each name as
     * the template spells it (`u/{ID}` gives `values.ID`); getRouteValue-style lookups ignoring case are
     * the library's business (defaults, constraints, generation), not this object's.
     */
    readonly values: Values = {} as Values,
    /** Developer data of the matched route; never affects routing. */
    readonly dataTokens: Record<string, unknown> = {},
    /** The collection first, the route that matched last. */
    readonly routers: Router[] = [],
  ) {}
}
