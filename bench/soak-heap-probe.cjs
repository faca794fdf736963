// Preloaded into `addon dev` by the soak (node --require). Every 5 s it runs a full garbage
// collection and writes the size of what is still alive to stderr. RSS alone says little about a
// leak: with a heap limit of gigabytes, V8 lets garbage pile up for a long while before collecting.
const { getHeapStatistics, setFlagsFromString } = require('node:v8');
const { runInNewContext } = require('node:vm');

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc');
setInterval(() => {
  gc();
  process.stderr.write(`soak-probe live-heap ${getHeapStatistics().used_heap_size}\n`);
}, 5_000).unref();
