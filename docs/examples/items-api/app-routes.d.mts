// The types of app-routes.mjs, for the TypeScript that imports it (server.ts).
import type { ConstraintFactory } from 'switchyard-router/constraints';
export { routes } from './routes.mjs';
export declare const constraints: { readonly even: ConstraintFactory };
