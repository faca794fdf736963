import { z } from 'zod';
import { MAX_AUDIT_PAGE } from '../../common/limits.js';
import { defineTool, type AddonTool } from './tool.js';

/** A tool that takes nothing and changes nothing: the control API's answer at `path`, as it is. */
const answerTool = (path: string, tool: Pick<AddonTool, 'name' | 'title' | 'description'>): AddonTool =>
  defineTool({
    ...tool,
    changes: false,
    input: () => ({}),
    run: async (_input, { emulator }) => ({ result: await emulator.get(path) }),
  });

/** What the emulator emulates and where. */
export const STATUS_TOOL = answerTool('/status', {
  name: 'status',
  title: 'Emulator status',
  description:
    "What the emulator emulates and where (GET /_emulator/status): app id, declared and granted scopes, organization, user, rate limit, URLs, the emulated clock, the resources served, the fault seed, strict mode. Read it first: the other tools' defaults come from it.",
});

/** What the emulator reports of what happened, and changes nothing: the audit log, the scope report, the parity warnings. */
export const REPORT_TOOLS = [
  defineTool({
    name: 'audit',
    title: 'Audit log',
    description:
      'The newest audit-log entries, newest first (addon logs; GET /_emulator/audit): one per add-on API call that passed the token check and the rate limit, with its status and the scope it needed and whether it was granted. Never the token.',
    changes: false,
    input: () => ({
      limit: z.number().int().min(1).max(MAX_AUDIT_PAGE).default(50).describe('how many of the newest entries'),
    }),
    run: async ({ limit }, { emulator }) => ({ result: await emulator.get(`/audit?limit=${limit}`) }),
  }),
  answerTool('/scopes', {
    name: 'scopes',
    title: 'Scope report',
    description:
      'Least privilege (addon scopes; GET /_emulator/scopes): per scope, declared, granted, used by calls that succeeded and refused (403) since the emulator started, and the smallest scopes list for addon.config.json.',
  }),
  answerTool('/parity', {
    name: 'parity',
    title: 'Parity warnings',
    description:
      'Where the add-on leans on the emulator where the platform would refuse (GET /_emulator/parity): one warning per kind, with what the platform does, and whether strict mode is on (docs/parity.md).',
  }),
];
