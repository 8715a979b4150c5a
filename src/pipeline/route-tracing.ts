// http.route for OpenTelemetry: OpenTelemetry's HTTP server spans and metrics group requests by the matched
// route's template, which they read from the framework's router; behind switchyard that router matched only a
// catch-all, so the pipeline and each adapter hand the route here when a route takes a request.
//
// Through @opentelemetry/api (1.x), an optional peer dependency, without importing it: the API keeps what an app
// registers (its context manager) on globalThis under Symbol.for('opentelemetry.js.api.1'), and its context keys
// are Symbol.for(description), so that every copy of the API in a process shares them; this file reads the
// same. An import() would not do: bundlers, and miniflare's scan of a Worker's modules, refuse one they cannot
// resolve, and an app without OpenTelemetry has nothing to resolve. Without it (nothing registered), nothing is
// done. With it:
// - the HTTP instrumentation's RPC metadata (@opentelemetry/instrumentation-http keeps its server span there, and
//   when the response ends sets http.route on it from the metadata's route) gets the route, as Express's and
//   Fastify's instrumentations hand theirs;
// - the active span gets the attribute at once; if it is a server span with no HTTP instrumentation around it,
//   it is named "{method} {route}", as the semantic conventions name server spans ("HTTP {route}" for a method
//   they do not know).

/** What is read of the API's global registry and of a context (@opentelemetry/api 1.x). */
interface Registry {
  readonly context?: { active(): { getValue(key: symbol): unknown } };
}
interface TracedSpan {
  setAttribute(key: string, value: string): unknown;
  updateName(name: string): unknown;
  isRecording(): boolean;
  /** The SDK's spans have it (the API's Span type does not): SpanKind.SERVER is 1. */
  readonly kind?: number;
}
/** @opentelemetry/core's RPC metadata. */
interface RpcMetadata {
  readonly type?: string;
  route?: string;
  readonly span?: TracedSpan;
}

const REGISTRY = Symbol.for('opentelemetry.js.api.1');
const SPAN = Symbol.for('OpenTelemetry Context Key SPAN');
const RPC_METADATA = Symbol.for('OpenTelemetry SDK Context Key RPC_METADATA');
const SERVER = 1;

/**
 * The methods a span's name holds as sent (OpenTelemetry's known methods, compared with their case); any other is
 * "HTTP", as the conventions name it. A fetch runtime hands a handler any method token a client makes up, and a
 * route without a verb limit takes it: each would be a span name of the client's choosing.
 */
const KNOWN_METHODS: ReadonlySet<string> = new Set(['CONNECT', 'DELETE', 'GET', 'HEAD', 'OPTIONS', 'PATCH', 'POST', 'PUT', 'TRACE']);

/** Whether an OpenTelemetry context manager is registered (else traceRoute does nothing): a caller's early exit. */
export function isTracing(): boolean {
  return (globalThis as { [REGISTRY]?: Registry })[REGISTRY]?.context !== undefined;
}

/** The http.route of a template: the template (its leading "~/" or "/" aside) after "/" and under `base`. */
export function httpRoute(template: string, base = ''): string {
  return `${base}/${template.replace(/^~?\//, '')}`;
}

/** A route took the request: http.route for its template (under `base`, where the routes are mounted). */
export function traceRoute(template: string, method: string, base = ''): void {
  const registry = (globalThis as { [REGISTRY]?: Registry })[REGISTRY];
  if (registry?.context === undefined) return; // no OpenTelemetry context manager in this process
  const active = registry.context.active();
  const rpc = active.getValue(RPC_METADATA) as RpcMetadata | undefined;
  const span = active.getValue(SPAN) as TracedSpan | undefined;
  if (rpc === undefined && span === undefined) return; // no tracing around this request
  const route = httpRoute(template, base);
  if (rpc?.type === 'http') rpc.route = route;
  if (span === undefined || !span.isRecording()) return;
  span.setAttribute('http.route', route);
  if (rpc?.span === undefined && span.kind === SERVER) span.updateName(`${KNOWN_METHODS.has(method) ? method : 'HTTP'} ${route}`);
}
