// Coverage's step of the request path alone (src/coverage/answers.ts): its onResponse hook, with the
// recorder's counting, called a million times on an answer of the authenticated list, 15 times over.
// What it costs a call, beside the list's ~170 µs (docs/performance.md#the-cost-of-coverage-recording).
//
//   npm run build && node bench/coverage-step.js

import { useCoverage } from '../dist/coverage/answers.js';
import { createRecorder } from '../dist/coverage/recorder.js';
import { DEFAULT_REGISTRY } from '../dist/domain/resources/registry.js';
import { realTimers } from '../dist/common/clock.js';

const CALLS = 1_000_000;
const LOOPS = 15;

const hooks = {};
const recorder = createRecorder({ registry: DEFAULT_REGISTRY, declaredScopes: ['*'], timers: realTimers });
useCoverage({ addHook: (name, hook) => (hooks[name] = hook) }, recorder);
const config = { method: 'GET', url: '/api/addon/v1/customers', scope: 'customers.read' };
// As fastify's request: its routeOptions getter makes a new object at every read.
const request = {
  method: 'GET',
  audit: { required: 'customers.read', decision: 'granted' },
  get routeOptions() {
    return { method: config.method, url: config.url, bodyLimit: 1_048_576, config, schema: undefined };
  },
};
const reply = { statusCode: 200 };
const done = () => {};

const perCall = [];
for (let loop = 0; loop < LOOPS; loop++) {
  const started = process.hrtime.bigint();
  for (let i = 0; i < CALLS; i++) hooks.onResponse(request, reply, done);
  perCall.push(Number(process.hrtime.bigint() - started) / CALLS);
}
perCall.sort((a, b) => a - b);
const counted = recorder.hits().responses['GET /customers 2xx'];
if (counted !== CALLS * LOOPS) throw new Error(`counted ${counted} answers of ${CALLS * LOOPS}`);
console.log(`ns a call: best ${perCall[0].toFixed(0)}, median ${perCall[Math.floor(LOOPS / 2)].toFixed(0)}`);
