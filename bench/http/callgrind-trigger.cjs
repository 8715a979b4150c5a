// Preloaded (node --require) into a server run under `valgrind --tool=callgrind --dump-before=uv_os_getppid` by
// bench/http/instructions.mjs: each SIGUSR2 makes the server read process.ppid (libuv's uv_os_getppid, called on
// every read), so callgrind writes its counts out and starts again from zero. The counts between two signals
// are those of the requests sent in between, without vgdb. (Not os.getPriority and os.version, used before:
// node's build inlines uv_os_getpriority, so nothing was ever zeroed, and node:os calls uv_os_uname once, when
// it is loaded, so the one count callgrind wrote was the process's start-up.)
process.on('SIGUSR2', () => process.ppid);
