import { CONFIG_BOUNDS, MAX_FAULT_RULES, MAX_RATE_LIMIT } from '../common/limits.js';
import { HTTP_URL, wordedPattern } from '../common/text/pattern-words.js';
import { DIMENSIONS } from '../coverage/coverage-file.js';
import { DEFAULT_REGISTRY } from '../domain/resources/registry.js';
import { FAULT_RULE_SCHEMA } from '../faults/fault-rule.js';
import { APP_ID, PLAIN_ID } from '../installations/installation-ids.js';
import { ORGANIZATIONS_SCHEMA } from '../installations/organizations.js';

/**
 * addon.config.json's schema: the one definition the loader validates a file with (config-file.ts)
 * and the published `config.schema.json` is written from (scripts/config-schema/write.ts), which
 * editors read through `$schema` for completion and red squiggles. The rules of one field are here;
 * those across fields (a grant within the declared scopes, `orgId` among the organizations) are the
 * settings' (docs/config.md). test/unit/validator.test.ts checks it is valid JSON Schema.
 */

const { scopes, catalog } = DEFAULT_REGISTRY;
const SCOPE = {
  type: 'string',
  pattern: wordedPattern(
    scopes.pattern,
    `a scope: <resource>.read, .write, .delete or .* of ${scopes.resources.join(', ')}, or *`,
  ),
  examples: ['*', ...scopes.resources.flatMap((resource) => [`${resource}.read`, `${resource}.*`])],
};
const scopeList = (description: string) => ({ type: 'array', items: SCOPE, maxItems: 100, description });
const id = (description: string) => ({ type: 'string', pattern: PLAIN_ID.source, description });

export const CONFIG_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  properties: {
    $schema: { type: 'string', description: 'The schema editors check this file with; the kit ignores it.' },
    appId: {
      type: 'string',
      pattern: APP_ID.source,
      description:
        "The add-on's id, reverse-domain style (com.example.my-addon): the appId claim of its session tokens.",
    },
    name: { type: 'string', description: "The add-on's display name." },
    url: {
      type: 'string',
      pattern: HTTP_URL,
      description: "The add-on's dev URL, loaded in the host page's frame; without it, the demo add-on.",
    },
    scopes: scopeList('The scopes the add-on declares at registration (default ["*"]).'),
    grantedScopes: scopeList(
      'The scopes the admin granted at installation, within the declared (default: all declared).',
    ),
    orgId: id('The emulated organization (default org_demo).'),
    userId: id('The user who opened the add-on (default usr_demo).'),
    organizations: {
      ...ORGANIZATIONS_SCHEMA,
      description:
        "The organizations, their users and roles, and the add-on's installation in each (docs/installations.md).",
    },
    port: {
      type: 'integer',
      minimum: 0,
      maximum: 65535,
      description: 'The port of addon dev (default 4455; 0 picks a free one).',
    },
    rateLimit: {
      type: 'integer',
      minimum: 1,
      maximum: MAX_RATE_LIMIT,
      description: 'API requests per hour per app per organization (default 1000).',
    },
    dev: {
      type: 'string',
      minLength: 1,
      description:
        "The command that starts the add-on's dev server (npm run dev); addon dev and addon check run it and wait for url.",
    },
    faults: {
      type: 'array',
      maxItems: MAX_FAULT_RULES,
      items: FAULT_RULE_SCHEMA,
      description: 'Fault rules in force from the start (docs/faults.md).',
    },
    webhooks: {
      type: 'array',
      maxItems: 100,
      description: 'Webhook subscriptions made when addon dev or addon exec starts.',
      items: {
        type: 'object',
        additionalProperties: false,
        properties: {
          event: { type: 'string', enum: catalog.events.map(({ name }) => name), description: 'A catalog event.' },
          url: { type: 'string', pattern: HTTP_URL, description: "The receiver's http(s) URL." },
        },
        required: ['event', 'url'],
      },
    },
    check: {
      type: 'object',
      additionalProperties: false,
      description: 'What addon check judges besides the page and the receivers (docs/check.md).',
      properties: {
        backendUrl: {
          type: 'string',
          pattern: HTTP_URL,
          maxLength: 2000,
          description: "An endpoint of the add-on's backend that reads Authorization: Bearer (/api/whoami).",
        },
      },
    },
    explore: {
      type: 'object',
      additionalProperties: false,
      description: 'What addon explore holds the add-on to (docs/explore.md).',
      properties: {
        invariants: {
          type: 'string',
          minLength: 1,
          maxLength: 1000,
          description: "A module (from this file's folder) whose default export is an object of named predicates.",
        },
      },
    },
    coverage: {
      type: 'object',
      additionalProperties: false,
      description: 'What addon coverage holds the tests to (docs/coverage.md#thresholds).',
      properties: {
        minimum: {
          type: 'object',
          additionalProperties: false,
          description: 'The least share of each dimension to cover, of 100.',
          properties: Object.fromEntries(
            DIMENSIONS.map((name) => [name, { type: 'number', minimum: 0, maximum: 100 }]),
          ),
        },
      },
    },
  },
};

/** The published schema: the loader's, with what tells an editor which draft and which file it is. */
export const PUBLISHED_CONFIG_SCHEMA = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  title: 'addon.config.json',
  description: `The add-on's defaults for addon dev, exec, check and explore (docs/config.md); at most ${CONFIG_BOUNDS.maxBytes} bytes.`,
  ...CONFIG_SCHEMA,
};

/** config.schema.json as the package ships it (scripts/config-schema/write.ts writes it). */
export const configSchemaText = (): string => `${JSON.stringify(PUBLISHED_CONFIG_SCHEMA, null, 2)}\n`;
