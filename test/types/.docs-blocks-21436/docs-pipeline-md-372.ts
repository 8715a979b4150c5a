import { addRouting, createNodeMiddleware, ServiceContainer, type RequestDelegate } from 'switchyard-router/http';
import type { ConstraintFactory } from 'switchyard-router';

declare const even: ConstraintFactory, handler: RequestDelegate; // a constraint factory, a handler of yours
const services = new ServiceContainer();
addRouting(services, { lowercaseUrls: true, constraintMap: { even } });
const mw = createNodeMiddleware((routes) => routes.mapGet('n/{n:even}', handler), { services });

export {};
