// A mount of a Koa app's own: as koa-mount, it hands the middleware below it ctx.path without the prefix, but a
// ":name" segment of the prefix takes any one segment, and it says nothing of what it registered (no
// ctx.mountPath), as a mount written in an app would.
import type Koa from 'koa';

export function koaPathMount(prefix: string, run: Koa.Middleware): Koa.Middleware {
  const pattern = new RegExp(`^${prefix.replace(/:[a-z]+/g, '[^/]+')}(?=/|$)`);
  return async (ctx, next) => {
    const found = pattern.exec(ctx.path);
    if (found === null) return next();
    const path = ctx.path;
    ctx.path = path.slice(found[0].length) || '/';
    try {
      await run(ctx, next);
    } finally {
      ctx.path = path;
    }
  };
}
