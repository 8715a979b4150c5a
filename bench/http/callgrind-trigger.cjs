// Preloaded (node --require) into a server run under `valgrind --tool=callgrind --dump-before=uv_os_uname` by
// bench/http/instructions.mjs: each SIGUSR2 makes the server call uv_os_uname (os.version()), so callgrind writes
// its counts out and starts again from zero. The counts between two signals are those of the requests sent in
// between, without vgdb. (Not --zero-before=uv_os_getpriority, used before: node's build inlines
// uv_os_getpriority, so callgrind never saw it entered and nothing was zeroed; every count then held the
// process's start-up and warm-up.)
const os = require('node:os');
process.on('SIGUSR2', () => os.version());
