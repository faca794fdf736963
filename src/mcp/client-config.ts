/**
 * `addon mcp --print-config <client>`: the snippet that registers the kit's MCP server with a coding
 * agent, in that client's own configuration format (docs/agents.md). The server starts its own
 * in-memory emulator (`--start`) with the project's addon.config.json, so an agent needs no person
 * at `addon dev`; without `--start` it attaches to the running one instead.
 */
export const MCP_CLIENTS = ['claude', 'cursor', 'vscode', 'codex'] as const;
export type McpClient = (typeof MCP_CLIENTS)[number];

/** The server's name in every client's configuration. */
const NAME = 'addon';
const COMMAND = 'npx';
const ARGS = ['addon', 'mcp', '--start'];

export interface ClientConfig {
  /** Where the snippet goes, said to the person (on stderr, so stdout is the snippet alone). */
  where: string;
  snippet: string;
}

const json = (value: unknown) => JSON.stringify(value, null, 2) + '\n';

const CONFIGS: Readonly<Record<McpClient, () => ClientConfig>> = {
  claude: () => ({
    where: `.mcp.json at the project's root (or run: claude mcp add ${NAME} -- ${COMMAND} ${ARGS.join(' ')})`,
    snippet: json({ mcpServers: { [NAME]: { command: COMMAND, args: ARGS } } }),
  }),
  cursor: () => ({
    where: '.cursor/mcp.json in the project',
    snippet: json({ mcpServers: { [NAME]: { command: COMMAND, args: ARGS } } }),
  }),
  vscode: () => ({
    where: '.vscode/mcp.json in the project',
    snippet: json({ servers: { [NAME]: { type: 'stdio', command: COMMAND, args: ARGS } } }),
  }),
  codex: () => ({
    where: '~/.codex/config.toml',
    snippet: `[mcp_servers.${NAME}]\ncommand = "${COMMAND}"\nargs = [${ARGS.map((arg) => `"${arg}"`).join(', ')}]\n`,
  }),
};

export const clientConfig = (client: McpClient): ClientConfig => CONFIGS[client]();
