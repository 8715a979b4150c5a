// Preloaded (node --require) into a server run under `valgrind --tool=callgrind --zero-before=uv_os_getpriority
// --dump-before=uv_os_uname` by bench/http/instructions.mjs: the first SIGUSR2 makes the server call
// uv_os_getpriority (callgrind zeroes its counts), the second uv_os_uname (callgrind writes them out). So only
// the requests in between are counted, without vgdb.
const os = require('node:os');
let signals = 0;
process.on('SIGUSR2', () => {
  if (signals++ === 0) os.getPriority();
  else os.version();
});
