// http.route for OpenTelemetry: OpenTelemetry's HTTP server spans and metrics group requests by the matched
// route's template, which they read from the framework's router; behind switchyard that router matched only a
// catch-all, so the pipeline and each adapter hand the route here when a route takes a request. Through
// @opentelemetry/api, an optional peer dependency loaded once, on first use, by a dynamic import: absent, nothing
// is loaded and nothing is done (no node:* either: this runs in Workers too). With it:
// - the HTTP instrumentation's RPC metadata (@opentelemetry/instrumentation-http keeps the server span and the
//   route there, and at the end of the request sets http.route on the span and its metrics, and names the span
//   "{method} {route}") gets the route, as Express's and Fastify's instrumentations hand theirs;
// - the active span gets the attribute at once; if it is a server span with no HTTP instrumentation around it,
//   it is named "{method} {route}" as the semantic conventions name server spans.

/** What is read of @opentelemetry/api (1.x). */
interface OpenTelemetryApi {
  readonly context: { active(): { getValue(key: symbol): unknown } };
  readonly trace: { getSpan(context: unknown): TracedSpan | undefined };
}
interface TracedSpan {
  setAttribute(key: string, value: string): unknown;
  updateName(name: string): unknown;
  isRecording(): boolean;
  /** The SDK's spans have it (the API's Span type does not): SpanKind.SERVER is 1. */
  readonly kind?: number;
}
/** @opentelemetry/core's RPC metadata, found in the context by its key (a Symbol.for, shared by every copy). */
interface RpcMetadata {
  readonly type?: string;
  route?: string;
  readonly span?: TracedSpan;
}

const RPC_METADATA = Symbol.for('OpenTelemetry SDK Context Key RPC_METADATA');
const SERVER = 1;
// The specifier in a variable would hide it from bundlers; written out, a bundler links @opentelemetry/api in
// when the app has it, and the .then with a rejection handler lets esbuild leave the import as is when not.
let api: OpenTelemetryApi | null = null;
let loading: Promise<boolean> | null = null;

/** Starts loading @opentelemetry/api (once per process); resolves to whether it is there. */
export function enableRouteTracing(): Promise<boolean> {
  return (loading ??= import('@opentelemetry/api').then(
    (loaded: unknown) => {
      const found = ((loaded as { default?: unknown }).default ?? loaded) as Partial<OpenTelemetryApi>;
      if (typeof found.trace?.getSpan !== 'function' || typeof found.context?.active !== 'function') return false;
      api = found as OpenTelemetryApi;
      return true;
    },
    () => false,
  ));
}

/** The http.route of a template: the template (its leading "~/" or "/" aside) after "/" and under `base`. */
export function httpRoute(template: string, base = ''): string {
  return `${base}/${template.replace(/^~?\//, '')}`;
}

/** A route took the request: http.route for its template (under `base`, where the routes are mounted). */
export function traceRoute(template: string, method: string, base = ''): void {
  if (api === null) return; // @opentelemetry/api absent (or not loaded yet): nothing to do
  const active = api.context.active();
  const rpc = active.getValue(RPC_METADATA) as RpcMetadata | undefined;
  const span = api.trace.getSpan(active);
  if (rpc === undefined && span === undefined) return; // no tracing around this request
  const route = httpRoute(template, base);
  if (rpc?.type === 'http') rpc.route = route;
  if (span === undefined || !span.isRecording()) return;
  span.setAttribute('http.route', route);
  if (rpc?.span === undefined && span.kind === SERVER) span.updateName(`${method} ${route}`);
}
