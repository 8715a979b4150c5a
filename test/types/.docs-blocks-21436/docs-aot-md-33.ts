import { compileToModule, moduleDeclarations, type RouteDefinition } from 'switchyard-router';

const routes: RouteDefinition[] = [{ name: 'todo', template: 'api/todo/{id:int}', methods: ['GET'] }];
const source = compileToModule(routes, { lowercaseUrls: true }); // the module's text
const types = moduleDeclarations(routes);                         // the .d.mts beside it

export {};
