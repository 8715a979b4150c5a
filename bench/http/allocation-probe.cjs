// Preloaded (node --require) into a to-do server by bench/http/allocations.mjs, which spawns the server with an
// IPC channel: "start" starts V8's sampling heap profiler in this process, counting objects the collectors
// have already freed too (so it sees every byte allocated, not only what survives); "stop" stops it and sends
// back the bytes sampled in all and per allocating function. Only the requests in between are counted.
const { Session } = require('node:inspector');
const { findSourceMap } = require('node:module');
const { basename } = require('node:path');

/** "file:line" of a call frame, in the source (src/…) when the script has a source map (a bundle). */
function where({ url, lineNumber, columnNumber }) {
  if (!url) return '(native)';
  const entry = url.startsWith('file:') ? findSourceMap(url)?.findEntry(lineNumber, columnNumber) : undefined;
  if (entry?.originalSource) return `${entry.originalSource.replace(/^.*?\/src\//, 'src/')}:${entry.originalLine + 1}`;
  return `${basename(url)}:${lineNumber + 1}`;
}

const session = new Session();
session.connect();
const post = (method, params) =>
  new Promise((resolve, reject) => session.post(method, params, (error, result) => (error ? reject(error) : resolve(result))));

const siteOf = (node) => `${node.callFrame.functionName || '(anonymous)'} ${where(node.callFrame)}`;

/**
 * Self bytes per function ("name file:line"), summed over the profile's tree; for a function named
 * `callersOf`, per chain of its three callers instead (who makes it allocate).
 */
function bySite(head, callersOf) {
  const sites = new Map();
  let total = 0;
  const walk = (node, callers) => {
    if (node.selfSize > 0) {
      let site = siteOf(node);
      if (callersOf && node.callFrame.functionName === callersOf) site += ` <- ${callers.slice(-3).reverse().join(' <- ')}`;
      sites.set(site, (sites.get(site) ?? 0) + node.selfSize);
      total += node.selfSize;
    }
    for (const child of node.children) walk(child, callersOf ? [...callers, siteOf(node)] : callers);
  };
  walk(head, []);
  return { total, sites: [...sites].sort((a, b) => b[1] - a[1]) };
}

process.on('message', (message) => {
  if (message?.probe === 'start') {
    post('HeapProfiler.startSampling', {
      samplingInterval: message.samplingInterval,
      includeObjectsCollectedByMajorGC: true,
      includeObjectsCollectedByMinorGC: true,
    }).then(() => process.send({ probe: 'started' }));
  } else if (message?.probe === 'stop') {
    post('HeapProfiler.stopSampling').then(({ profile }) => process.send({ probe: 'stopped', ...bySite(profile.head, message.callersOf) }));
  }
});
