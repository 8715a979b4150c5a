import { createApplication } from 'switchyard-router/http';

const app = createApplication({
  onCompleted: (ctx, elapsedMs) => console.log(`${ctx.request.method} ${ctx.request.path} ${ctx.response.statusCode} ${elapsedMs.toFixed(3)} ms`),
});

export {};
