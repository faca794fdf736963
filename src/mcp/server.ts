import { readFileSync } from 'node:fs';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult, ServerNotification } from '@modelcontextprotocol/sdk/types.js';
import type { z, ZodRawShape } from 'zod';
import type { EmulatorClient } from '../cli/emulator-command.js';
import type { StateExporter } from '../cli/state-export.js';
import { printlnStderr } from '../cli/output.js';
import { ApiError, UserError } from '../common/errors.js';
import { MAX_MCP_ANSWER_BYTES, sayBytes } from '../common/limits.js';
import { registerResources } from './resources.js';
import { refusal, unchanging, type AddonTool, type Offered, type ToolContext } from './tools/tool.js';
import { CHECK_TOOL } from './tools/check.js';
import { EXPLORE_TOOL } from './tools/explore.js';
import { CLOCK_TOOL } from './tools/clock.js';
import { FAULTS_TOOL } from './tools/faults.js';
import { HOST_PAGE_TOOL } from './tools/host-page.js';
import { INSTALLATIONS_TOOL } from './tools/installations.js';
import { REPORT_TOOLS, STATUS_TOOL } from './tools/reports.js';
import { SESSION_TOOLS } from './tools/session.js';
import { WEBHOOK_TOOLS } from './tools/webhooks.js';
import { WORLD_TOOLS } from './tools/world.js';

const { version } = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
  version: string;
};

/** Every tool, in the order a client lists them: the status first, the slow ones last. */
export const TOOLS: readonly AddonTool[] = [
  STATUS_TOOL,
  ...SESSION_TOOLS,
  ...WEBHOOK_TOOLS,
  CLOCK_TOOL,
  FAULTS_TOOL,
  ...WORLD_TOOLS,
  INSTALLATIONS_TOOL,
  ...REPORT_TOOLS,
  CHECK_TOOL,
  EXPLORE_TOOL,
  HOST_PAGE_TOOL,
];

const INSTRUCTIONS = `This server drives a local, offline, deterministic emulator of the accounting service's add-on platform (addon-devkit): its add-on REST API, session tokens, signed webhooks, emulated clock, fault rules and host page. Start with status. Mint a token (token) and call the API with it (call_api); fire events (trigger) and read what was delivered (deliveries, inbox); move time (clock); inject failures (faults); save and restore worlds (state, scenario). check judges the add-on as addon check does; explore runs seeded sequences of deliveries against its receivers as addon explore does; host_page opens it headless and answers a screenshot. The resources hold the OpenAPI document, the event catalog and the kit's docs. Every tool answers JSON; a refusal is an error result {"error": {"code", "message"}} with the emulator's own code.`;

export interface McpServerOptions {
  /** The emulator, through the CLI's client, for a call that `signal` aborts (the client cancelled it, or the server stops). */
  emulatorFor(signal: AbortSignal): EmulatorClient;
  /** The project's directory: addon.config.json, and relative file paths. */
  cwd: string;
  /** Offer only the tools and actions that change nothing. */
  readOnly: boolean;
  /** `addon state export FILE`'s own writing of the world to a file. */
  exportStateTo: StateExporter;
}

/** The MCP server of `addon mcp`: the tools and resources over the emulator given, on no transport yet. */
export function createMcpServer(options: McpServerOptions): McpServer {
  const server = new McpServer(
    { name: 'addon', title: 'addon-devkit emulator', version },
    { instructions: INSTRUCTIONS },
  );
  for (const tool of TOOLS) {
    const offered = offeredBy(tool, options.readOnly);
    const registered = server.registerTool(
      tool.name,
      {
        title: tool.title,
        description: tool.description,
        inputSchema: inputOf(tool, offered),
        annotations: {
          title: tool.title,
          readOnlyHint: offered !== null && offered.every((value) => !changesWith(tool, value)),
          openWorldHint: false,
        },
      },
      (input: Record<string, unknown>, extra: RequestExtra) =>
        call(tool, input, {
          emulator: options.emulatorFor(extra.signal),
          cwd: options.cwd,
          readOnly: options.readOnly,
          exportStateTo: options.exportStateTo,
          signal: extra.signal,
          progress: progressOf(extra),
        }),
    );
    // Under --read-only, a tool whose every call changes something is not listed, and a call is refused.
    if (offered === null) registered.disable();
  }
  registerResources(server, options.emulatorFor);
  return server;
}

/** What the SDK gives a tool's handler besides its input: the request's `_meta`, its abort signal and a way to notify. */
type RequestExtra = {
  _meta?: { progressToken?: string | number };
  signal: AbortSignal;
  sendNotification(notification: ServerNotification): Promise<void>;
};

/**
 * Progress notifications for a call whose client sent a progress token (MCP's
 * `notifications/progress`); a call without one is told nothing.
 */
function progressOf(extra: RequestExtra): ToolContext['progress'] {
  const progressToken = extra._meta?.progressToken;
  if (progressToken === undefined) return () => {};
  return (progress, total, message) =>
    void extra
      .sendNotification({ method: 'notifications/progress', params: { progressToken, progress, total, message } })
      .catch(() => {});
}

/**
 * The tool's input as listed: under --read-only, its choice's field lists only the values that change
 * nothing (the JSON schema's enum, from the zod schema's metadata). A call with another value still
 * reaches the tool and is refused in the kit's words (`read_only`), rather than as a schema mismatch.
 */
function inputOf(tool: AddonTool, offered: Offered | null): ZodRawShape {
  const all = allOf(tool);
  const shape = tool.input(all);
  if (typeof tool.changes === 'boolean' || !offered || offered.length === all.length) return shape;
  const { field } = tool.changes;
  return { ...shape, [field]: (shape[field] as z.ZodType).meta({ enum: offered }) };
}

/** Whether a call with the choice's `value` changes anything. */
function changesWith(tool: AddonTool, value: string | undefined): boolean {
  if (typeof tool.changes === 'boolean') return tool.changes;
  return value === undefined ? false : (tool.changes.changes[value] ?? true);
}

const allOf = (tool: AddonTool): Offered =>
  (typeof tool.changes === 'boolean' ? ['call'] : Object.keys(tool.changes.changes)) as Offered;

/** The choice's values a client is offered; null for a tool not offered at all. */
function offeredBy(tool: AddonTool, readOnly: boolean): Offered | null {
  if (!readOnly) return allOf(tool);
  if (typeof tool.changes === 'boolean') return tool.changes ? null : allOf(tool);
  const kept = unchanging(tool.changes);
  return kept.length ? (kept as Offered) : null;
}

/** Runs a tool and answers its JSON, or the refusal as a tool error carrying the kit's `{ code, message }`. */
async function call(tool: AddonTool, input: Record<string, unknown>, context: ToolContext): Promise<CallToolResult> {
  try {
    const choice = typeof tool.changes === 'boolean' ? undefined : (input[tool.changes.field] as string | undefined);
    // Under --read-only, the values listed leave these out (inputOf); a client may send them all the same.
    if (context.readOnly && changesWith(tool, choice))
      throw refusal(
        `addon mcp --read-only: ${tool.name}${choice ? ` ${choice}` : ''} would change the emulator`,
        'read_only',
      );
    const { result, images = [] } = await tool.run(input, context);
    return withinAnswerLimit(tool, {
      structuredContent: result as Record<string, unknown>,
      content: [
        { type: 'text', text: JSON.stringify(result, null, 2) },
        ...images.map(({ data, mimeType }) => ({ type: 'image' as const, data, mimeType })),
      ],
    });
  } catch (error) {
    // Aborted, the call is answered nothing (the SDK sends no answer to it): whatever it failed with is no bug.
    if (context.signal.aborted) return cancelled;
    const answer = { error: errorOf(tool, error) };
    return { isError: true, structuredContent: answer, content: [{ type: 'text', text: JSON.stringify(answer) }] };
  }
}

/** An answer the client can read in one message (MAX_MCP_ANSWER_BYTES), else the refusal that says so. */
function withinAnswerLimit(tool: AddonTool, answer: CallToolResult): CallToolResult {
  const bytes = Buffer.byteLength(JSON.stringify(answer));
  if (bytes <= MAX_MCP_ANSWER_BYTES) return answer;
  throw refusal(
    `the answer of ${tool.name} is ${(bytes / 2 ** 20).toFixed(1)} MiB, over the ${sayBytes(MAX_MCP_ANSWER_BYTES)} a client reads in one message` +
      `; ${tool.tooLarge ?? 'ask for less of it'}`,
    'answer_too_large',
  );
}

const cancelled: CallToolResult = { isError: true, content: [{ type: 'text', text: 'cancelled' }] };

/** The kit's error words: the emulator's refusal code, the CLI's, or a bug said to be one (its stack on stderr). */
function errorOf(tool: AddonTool, error: unknown): { code: string; message: string } {
  if (error instanceof UserError || error instanceof ApiError) return { code: error.code, message: error.message };
  printlnStderr(`addon mcp: ${tool.name} failed: ${error instanceof Error ? (error.stack ?? error.message) : error}`);
  return {
    code: 'internal_error',
    message: `this is a bug in addon-devkit, not a mistake of yours (${error instanceof Error ? error.message : String(error)}); the server's stderr has its stack`,
  };
}
