// src/worker.ts
// The routing is switchyard's: Hono's smallest router (hono/tiny) only has to run the one middleware.
import { Hono } from 'hono/tiny';
import { switchyard } from 'switchyard-router/hono/aot';
import router from './router.mjs';

const app = new Hono();
app.use(switchyard(router));
export default app;
