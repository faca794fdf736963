import { z } from 'zod';
import { defineTool, needed } from './tool.js';

/** The emulated clock: read it, or move it forward. */
export const CLOCK_TOOL = defineTool({
  name: 'clock',
  title: 'Emulated clock',
  description:
    'The emulated clock (addon clock): get the emulated time, or advance it by a duration (90s, 5m, 1h, 1h30m, 2d), at most 100 years ahead of real time in all. An advance expires tokens, rolls rate windows, makes unpaid invoices past due overdue (firing invoice.overdue) and sends the webhook retries that fell due; it answers once all that is done and logged, so nothing needs waiting for after it. The clock never goes back.',
  changes: { field: 'action', changes: { get: false, advance: true } },
  input: (actions) => ({
    action: z.enum(actions).default('get'),
    by: z.string().max(50).optional().describe('advance: how far, like 90s, 5m, 1h or 1h30m'),
  }),
  run: async ({ action, by }, { emulator }) => ({
    result: await (action === 'advance'
      ? emulator.post('/clock/advance', { by: needed(by, 'by, a duration like 5m', 'clock advance') })
      : emulator.get('/clock')),
  }),
});
