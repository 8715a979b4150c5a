// /docs: the to-do API's explorer, Swagger UI (the swagger-ui-dist package, served from this install, never a
// CDN) reading /openapi.json, with "Try it out" against this server. swagger-ui-dist is a dependency of the app,
// not of the published library (as pg is): without it, /docs says so with a 404 problem.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { ServerResponse } from 'node:http';
import { dirname, join } from 'node:path';
import { problem, writeProblem, type HttpContext } from '../http.js';

// Swagger UI sets styles inline and shows images as data: URLs; scripts come from this server only.
const DOCS_POLICY = "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; font-src 'self' data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>To-do API · switchyard</title>
<link rel="icon" href="/docs/favicon-32x32.png">
<link rel="stylesheet" href="/docs/swagger-ui.css">
<script src="/docs/swagger-ui-bundle.js" defer></script>
<script src="/docs/init.js" defer></script>
</head>
<body><div id="swagger-ui"></div></body>
</html>
`;

const INIT = `window.addEventListener("load", function () {
  window.ui = SwaggerUIBundle({ url: "/openapi.json", dom_id: "#swagger-ui", deepLinking: true });
});
`;

/** The files of the installed swagger-ui-dist package, or null when it is not installed. */
function swaggerFiles(): Map<string, { type: string; body: Buffer }> | null {
  let dir: string;
  try {
    dir = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
  } catch {
    return null;
  }
  return new Map([
    ['/docs/swagger-ui.css', { type: 'text/css; charset=utf-8', body: readFileSync(join(dir, 'swagger-ui.css')) }],
    ['/docs/swagger-ui-bundle.js', { type: 'text/javascript; charset=utf-8', body: readFileSync(join(dir, 'swagger-ui-bundle.js')) }],
    ['/docs/favicon-32x32.png', { type: 'image/png', body: readFileSync(join(dir, 'favicon-32x32.png')) }],
    ['/docs/init.js', { type: 'text/javascript; charset=utf-8', body: Buffer.from(INIT) }],
    ['/docs', { type: 'text/html; charset=utf-8', body: Buffer.from(PAGE) }],
  ]);
}

/**
 * Answers GET /docs and its files (true); false for every other request. Not a middleware: the server's first
 * middleware asks it, so a request of the API does not pay for one more step of the pipeline.
 */
export function apiExplorer(): (ctx: HttpContext) => boolean {
  let files: ReturnType<typeof swaggerFiles> | undefined; // read on the first /docs request, not at start-up
  return (ctx) => {
    const path = ctx.request.path;
    if (path !== '/docs' && !path.startsWith('/docs/')) return false;
    serve(ctx.request.method, path, ctx.response.raw);
    return true;
  };

  function serve(method: string, path: string, res: ServerResponse): void {
    if (method !== 'GET' && method !== 'HEAD') {
      writeProblem(res, problem(405, `${method} is not allowed here; use GET.`), { allow: 'GET, HEAD' });
      return;
    }
    files ??= swaggerFiles();
    if (files === null) {
      writeProblem(res, problem(404, 'The API explorer needs the swagger-ui-dist package (npm install swagger-ui-dist).'));
      return;
    }
    const file = files.get(path === '/docs/' ? '/docs' : path);
    if (file === undefined) {
      writeProblem(res, problem(404, `No resource matches ${path}.`));
      return;
    }
    res.writeHead(200, {
      'content-type': file.type,
      'content-length': file.body.length,
      'content-security-policy': DOCS_POLICY,
      'x-content-type-options': 'nosniff',
      'cache-control': 'public, max-age=3600',
    });
    res.end(method === 'HEAD' ? undefined : file.body);
  }
}
