// Preloaded (node --require) into a server run under `valgrind --tool=callgrind --dump-before=uv_os_getppid` by
// bench/http/instructions.mjs: each SIGUSR2 makes the server read process.ppid (libuv's uv_os_getppid, called on
// every read), so callgrind writes its counts out and starts again from zero. The counts between two signals
// are those of the requests sent in between, without vgdb. (Not os.getPriority and os.version, used before:
// node's build inlines uv_os_getpriority, so nothing was ever zeroed, and node:os calls uv_os_uname once, when
// it is loaded, so the one count callgrind wrote was the process's start-up.)
//
// The signals come in pairs, one opening a window and one closing it. Before it opens one, the server runs a
// full collection (node --expose-gc), counted with what came before: every window then starts from a heap
// that holds only what is live, the same for every server, and a major collection that the work before the
// window made due (the thousands of items created for DELETE) does not fall into some windows and not others.
let open = false;
process.on('SIGUSR2', () => {
  if (!open) globalThis.gc?.();
  open = !open;
  return process.ppid;
});
