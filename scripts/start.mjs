// npm start: builds, then runs the to-do server (dist/todo-server.js).
import { existsSync } from 'node:fs';
if (!existsSync('src/todo/server.ts')) {
  console.error('switchyard: the to-do server is not built yet (see issue "The to-do API").');
  process.exit(1);
}
