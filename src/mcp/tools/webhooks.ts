import { z } from 'zod';
import { INBOX_KEEP, MAX_DELIVERIES } from '../../common/limits.js';
import { DELIVERY_STATUSES } from '../../webhooks/delivery-status.js';
import { defineTool, needed, path } from './tool.js';

/** Webhooks: the delivery log (list, show, replay), the built-in inbox, firing an event. */
export const WEBHOOK_TOOLS = [
  defineTool({
    name: 'deliveries',
    title: 'Webhook deliveries',
    description:
      "The webhook delivery log (addon deliveries): list (newest first, filtered by event and status), show one delivery with every attempt (request headers, the receiver's response or error), or replay one: its event and data sent again, signed, as a new delivery with one attempt. id is the deliveryId or a unique prefix of 4 or more characters.",
    changes: { field: 'action', changes: { list: false, show: false, replay: true } },
    input: (actions) => ({
      action: z.enum(actions).default('list'),
      event: z.string().optional().describe('list: only deliveries of this event'),
      status: z.enum(DELIVERY_STATUSES).optional().describe('list: only deliveries in this status'),
      limit: z.number().int().min(1).max(MAX_DELIVERIES).default(50).describe('list: how many of the newest'),
      id: z.string().optional().describe('show, replay: the delivery id or a unique prefix of it'),
    }),
    async run({ action, event, status, limit, id }, { emulator }) {
      if (action === 'list') {
        const query = new URLSearchParams({ limit: String(limit) });
        if (event) query.set('event', event);
        if (status) query.set('status', status);
        return { result: await emulator.get(`/deliveries?${query}`) };
      }
      const delivery = path('deliveries', needed(id, 'an id', `deliveries ${action}`));
      return {
        result: await (action === 'replay' ? emulator.post(`${delivery}/replay`, {}) : emulator.get(delivery)),
      };
    },
  }),
  defineTool({
    name: 'inbox',
    title: 'Built-in webhook inbox',
    description:
      "What the emulator's built-in receiver <emulator>/inbox/<name> got, newest first (addon inbox): each delivery's headers and body and whether its signature is valid, and how many older entries were dropped. Subscribe a webhookUrl of <emulator url>/inbox/<name> when there is no receiver of your own yet.",
    changes: false,
    input: () => ({
      name: z.string().describe('the inbox name: 1 to 64 letters, digits, . _ -'),
      limit: z.number().int().min(1).max(INBOX_KEEP).default(50).describe('how many of the newest entries'),
    }),
    run: async ({ name, limit }, { emulator }) => ({
      result: await emulator.get(`${path('inbox', name)}?limit=${limit}`),
    }),
  }),
  defineTool({
    name: 'trigger',
    title: 'Fire a webhook event',
    description:
      "Fire a catalog event in an organization to every active subscription to it (addon trigger; POST /_emulator/events/trigger), with data built from the record recordId as stored (an id of the event's resource in that organization), or else from the organization's newest record (or a sample made quietly); data is merged over it (JSON Merge Patch). Answers once each delivery's first attempt is done, with the deliveries. The event catalog is the resource addon://api/events/catalog.",
    changes: true,
    input: () => ({
      event: z.string().describe('a catalog event, like invoice.paid'),
      orgId: z.string().optional().describe("the organization; default: the emulator's"),
      recordId: z.string().optional().describe("a record of the event's resource (inv_...): the data is its fields as stored"),
      data: z.record(z.string(), z.unknown()).optional().describe("merged over the event's data (JSON Merge Patch)"),
    }),
    run: async (input, { emulator }) => ({ result: await emulator.post('/events/trigger', input) }),
  }),
];
