import { z } from 'zod';
import { defineTool, needed, path } from './tool.js';

/** Fault rules: list them, add one in the control API's JSON shape, clear one or all. */
export const FAULTS_TOOL = defineTool({
  name: 'faults',
  title: 'Fault rules',
  description:
    'Fault rules (addon faults; docs/faults.md): list those in force with their hits and the seed; add one, in the JSON shape of POST /_emulator/faults: matchers method, path (under /api/addon/v1, * is one segment), orgId, probability (0 to 1), times, and one effect: status (a code), rateLimited, expiredToken, latency (ms or "100-500"), reset, hang, afterWrite (a code); or target "webhooks" with event and duplicate or delay ("5m"). clear removes the rule id given, or all of them.',
  changes: { field: 'action', changes: { list: false, add: true, clear: true } },
  input: (actions) => ({
    action: z.enum(actions).default('list'),
    rule: z
      .record(z.string(), z.unknown())
      .optional()
      .describe('add: the rule, like {"path": "/invoices", "status": 503, "times": 2}'),
    id: z.string().optional().describe('clear: the rule id, like flt_3 (or its number); all rules when none'),
  }),
  async run({ action, rule, id }, { emulator }) {
    if (action === 'add') return { result: await emulator.post('/faults', needed(rule, 'a rule', 'faults add')) };
    if (action === 'clear') {
      const one = id === undefined ? '' : path(/^\d+$/.test(id) ? `flt_${id}` : id);
      return { result: await emulator.delete(`/faults${one}`) };
    }
    return { result: await emulator.get('/faults') };
  },
});
