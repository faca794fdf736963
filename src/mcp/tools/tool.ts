import type { z, ZodRawShape } from 'zod';
import type { EmulatorClient } from '../../cli/emulator-command.js';
import type { StateExporter } from '../../cli/state-export.js';
import { UserError } from '../../common/errors.js';

/** What a tool's call has to work with. */
export interface ToolContext {
  /**
   * The emulator's control API and public add-on API, through the CLI's own client (its refusals in words, with codes),
   * aborted with `signal`.
   */
  readonly emulator: EmulatorClient;
  /** The project: where addon.config.json is, and where relative file paths are taken from. */
  readonly cwd: string;
  /** `--read-only`: only what changes nothing is offered. */
  readonly readOnly: boolean;
  /** Writes the world to a file as `addon state export FILE` does. */
  readonly exportStateTo: StateExporter;
  /** Aborted when the client cancels the call or the server stops: what the call waits on should end then. */
  readonly signal: AbortSignal;
  /** Tells the client how far a long call is, when it asked to be told (MCP progress); else nothing. */
  progress(done: number, total: number, message: string): void;
}

/** A tool's answer: a JSON object (the structured result, and its text), and images to show beside it. */
export interface ToolAnswer {
  result: object;
  images?: Array<{ data: string; mimeType: string }>;
}

/**
 * The input field whose value decides whether a call changes anything: a tool's `action`, or
 * call_api's `method`. Each value says whether it changes the emulator (or anything else).
 */
export interface Choice {
  field: string;
  changes: Readonly<Record<string, boolean>>;
}

/** A choice's values, as a zod enum takes them. */
export type Offered = [string, ...string[]];

/**
 * One tool of `addon mcp`: a zod input, a run that calls the emulator as the CLI does, and whether a
 * call changes anything, so that `--read-only` can offer only what does not.
 */
export interface AddonTool<S extends ZodRawShape = ZodRawShape> {
  name: string;
  title: string;
  description: string;
  /** Whether every call changes something (`true`), none does (`false`), or it hangs on a choice. */
  changes: boolean | Choice;
  /** The input's fields, given the choice's values offered: all of them, or under --read-only those that change nothing. */
  input(offered: Offered): S;
  run(input: z.infer<z.ZodObject<S>>, context: ToolContext): Promise<ToolAnswer>;
  /** What to do instead when an answer is too big for one message (MAX_MCP_ANSWER_BYTES); default: ask for less. */
  tooLarge?: string;
}

/** Keeps a tool's input and run in one type, for its module to declare it. */
export const defineTool = <S extends ZodRawShape>(tool: AddonTool<S>): AddonTool => tool as unknown as AddonTool;

/** The values of a choice that change nothing. */
export const unchanging = (choice: Choice): string[] =>
  Object.keys(choice.changes).filter((value) => !choice.changes[value]);

/** A refusal of the tool itself, before the emulator is asked: a field missing for the action, say. */
export const refusal = (message: string, code = 'usage_error'): UserError => new UserError(message, 2, code);

/** A field that the action needs, or the refusal naming it. */
export function needed<T>(value: T | undefined, field: string, what: string): T {
  if (value === undefined || value === '') throw refusal(`${what} needs ${field}`);
  return value;
}

/**
 * `/a/b` with each segment given, encoded. `.` and `..` are refused: no id or name is one, and a URL
 * takes them, even written `%2e`, as steps up its path: to another endpoint than the one meant.
 */
export const path = (...segments: string[]): string =>
  segments
    .map((segment) => {
      if (segment === '.' || segment === '..') throw refusal(`"${segment}" is not an id or a name`);
      return `/${encodeURIComponent(segment)}`;
    })
    .join('');
