// switchyard-router/introspect: what a router made by compile() does with a request or a generate() call, and
// what is wrong with its table: explain(router, path, method), explainGenerate(router, values, options),
// diagnostics(router), describe(router, format); summarizeDiagnostics, didYouMean and unknownKeys, in the command
// line's words.
// Apart from the main entry so that an application that only routes does not load it.
export { explain, explainGenerate, diagnostics, describe, type DiagnosticsOptions } from './compile/introspect/router-introspection.js';
export type { Explanation, RouteExplanation, MissReason } from './compile/introspect/explain.js';
export type { GenerationExplanation, RouteGenerationExplanation, GenerationMiss, ValueSource } from './compile/introspect/explain-generate.js';
export { summarizeDiagnostics, type Diagnostic, type DiagnosticCode } from './compile/introspect/diagnostics.js';
export type { DescribeFormat } from './compile/introspect/describe.js';
export { didYouMean } from './did-you-mean.js';
export { unknownKeys } from './compile/unknown-keys.js';
