import { createTodoServer, shutdown } from '../../../src/todo/server.js';

const server = createTodoServer({ log: false });     // options: repository, maxItems, maxBytes, log
server.listen(0, '127.0.0.1');
// ...
await shutdown(server);

export {};
