import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { EmulatorClient } from '../cli/emulator-command.js';
import { API_PREFIX } from '../sdk/browser/addresses.js';

/** The docs the package ships (docs/*.md), from src/ and dist/ alike, as the host page is found. */
const DOCS = fileURLToPath(new URL('../../docs/', import.meta.url));

/**
 * What an agent reads rather than calls: the emulator's OpenAPI document and event catalog (from the
 * emulator attached to, so a package user's own resources are in them), and the kit's docs.
 */
export function registerResources(server: McpServer, emulatorFor: (signal: AbortSignal) => EmulatorClient): void {
  const json = (name: string, uri: string, title: string, description: string, apiPath: string) =>
    server.registerResource(
      name,
      uri,
      { title, description, mimeType: 'application/json' },
      async (asked, { signal }) => ({
        contents: [
          {
            uri: asked.href,
            mimeType: 'application/json',
            text: JSON.stringify(await emulatorFor(signal).publicApi(apiPath), null, 2),
          },
        ],
      }),
    );
  json(
    'openapi',
    'addon://api/openapi.json',
    'The add-on REST API (OpenAPI)',
    `The OpenAPI 3 document of the add-on REST API under ${API_PREFIX}: every endpoint, its scope, its request and response schemas, its errors (GET ${API_PREFIX}/openapi.json of the emulator).`,
    '/openapi.json',
  );
  json(
    'event-catalog',
    'addon://api/events/catalog',
    'The webhook event catalog',
    `Every webhook event, the scope a subscriber needs and the JSON schema of its data (GET ${API_PREFIX}/events/catalog of the emulator).`,
    '/events/catalog',
  );
  for (const file of docFiles()) {
    const uri = `addon://docs/${file}`;
    const text = () => readFile(DOCS + file, 'utf8');
    server.registerResource(
      `docs/${file}`,
      uri,
      { title: titleOf(DOCS + file) ?? file, description: `docs/${file} of addon-devkit`, mimeType: 'text/markdown' },
      async (asked) => ({ contents: [{ uri: asked.href, mimeType: 'text/markdown', text: await text() }] }),
    );
  }
}

const docFiles = (): string[] =>
  existsSync(DOCS)
    ? readdirSync(DOCS)
        .filter((file) => file.endsWith('.md'))
        .sort()
    : [];

/** A page's first heading, without its `#` and code marks: `The addon CLI`. */
function titleOf(file: string): string | undefined {
  const heading = /^# (.+)$/m.exec(readFileSync(file, 'utf8'))?.[1];
  return heading?.replace(/`/g, '').trim();
}
