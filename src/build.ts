// switchyard-router/build: router modules built ahead of time. compileToModule writes a module's JavaScript (the
// routes as data, the trie written out as code) and moduleDeclarations its .d.mts; the module imports its runtime
// from switchyard-router/aot. What `switchyard build` runs; a program that only routes never loads it.
export { compileToModule, type ModuleOptions } from './compile/aot/compile-to-module.js';
export { moduleDeclarations } from './compile/aot/module-declarations.js';
