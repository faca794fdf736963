import { z } from 'zod';
import { MAX_FRAME_WIDTH, MIN_FRAME_WIDTH } from '../../emulator/frame-width.js';
import { UserError } from '../../common/errors.js';
import { defineTool } from './tool.js';

/** Bridge messages a call answers, the newest: 50 at the bridge's size limit are ~3 MiB. */
const MESSAGES_ANSWERED = 50;

/** The host page, headless: the add-on opened as a user would see it, then closed. */
export const HOST_PAGE_TOOL = defineTool({
  name: 'host_page',
  title: 'Open the add-on in the host page',
  description:
    "Open the emulator's host page headless (Chromium) with the add-on in its iframe, as the user given would (openHostPage of addon-devkit/testing), wait for its service:ready and the host's service:context, then close it. Answers the bridge messages both ways (the newest 50, with the host's warnings on malformed ones; how many in all, and what the host dropped over the bridge's limits), the toasts, the navigations, the session's claims, or why the add-on is not there for that user; and a PNG screenshot of the whole page.",
  changes: false,
  input: () => ({
    orgId: z.string().optional().describe("the organization; default: the emulator's"),
    userId: z
      .string()
      .optional()
      .describe("the user; default: the emulator's, or the organization's first who may use it"),
    scopes: z.array(z.string()).optional().describe("a part of the installation's grant; default: the whole grant"),
    width: z
      .union([z.enum(['desktop', 'tablet', 'phone']), z.number().int().min(MIN_FRAME_WIDTH).max(MAX_FRAME_WIDTH)])
      .default('desktop')
      .describe("the add-on frame's width: desktop, tablet (768 px), phone (390 px), or CSS pixels"),
  }),
  async run({ orgId, userId, scopes, width }, { emulator }) {
    // Loaded by this tool alone: the browser is for a call that asks for it. (Imported statically,
    // the CLI's bundle splits its entry, which every other command's start would pay for.)
    const { openHostPage } = await import('../../testing/host-page.js');
    await emulator.get('/status');
    try {
      const host = await openHostPage(emulator.url, { orgId, userId, scopes, width });
      try {
        const unavailable = await host.unavailable();
        const claims = unavailable ? null : (await host.session()).claims;
        const screenshot = await host.page.screenshot({ fullPage: true });
        return {
          result: {
            opened: unavailable === null,
            unavailable,
            claims,
            // The newest: an add-on's messages may each be up to the bridge's size limit.
            messages: host.messages.list().slice(-MESSAGES_ANSWERED),
            messageCount: host.messages.count(),
            dropped: host.messages.dropped(),
            toasts: host.toasts(),
            navigations: host.navigations(),
          },
          images: [{ data: screenshot.toString('base64'), mimeType: 'image/png' }],
        };
      } finally {
        await host.close();
      }
    } catch (error) {
      // The page or the browser failed (no service:ready in time, with the bridge messages so far;
      // the browser gone): said as what it is, not as a bug of the kit.
      throw error instanceof UserError ? error : new UserError((error as Error).message, 1, 'host_page_failed');
    }
  },
});
