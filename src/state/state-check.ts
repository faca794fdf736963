import type { ValidateFunction } from 'ajv';
import { CLOCK_HORIZON_MS } from '../common/clock.js';
import { MAX_CONFIG_KEYS, STORAGE_KEY } from '../domain/addon-data.js';
import type { ResourceDefinition } from '../domain/resource.js';
import type { JsonSchema } from '../domain/schema.js';
import { inSchemaOrder } from '../domain/schema-order.js';
import { compileSchema, describeError } from '../common/json/validator.js';
import { APP_ID, PLAIN_ID } from '../installations/installation-ids.js';
import type { Registry } from '../domain/resources/registry.js';
import { ApiError } from '../common/errors.js';
import { checkJson } from '../common/json/json-bounds.js';
import { STATE_BOUNDS } from '../common/limits.js';
import { MAX_URL_LENGTH } from '../installations/subscriptions.js';
import { STATE_FORMAT, STATE_VERSION, type OrganizationState, type StateFile } from './state-file.js';
import { HTTP_URL } from '../common/text/pattern-words.js';
import { ROLES } from '../installations/roles.js';

/**
 * Checks a whole state file before anything changes: its format and version, every record against
 * its resource's record schema, ids unique, references between records, subscriptions to events of
 * the catalog. Throws 400 `invalid_state` naming the first problem, or checkJson's code for a value
 * out of bounds. Every way a world comes in passes here: PUT /_emulator/state, `--import`, a named
 * restore, the harness's `state`.
 */
export function checkState(input: unknown, registry: Registry): StateFile {
  checkJson(input, STATE_BOUNDS, 'the state file');
  const file = input as Partial<StateFile> | null;
  if (typeof file !== 'object' || file === null || Array.isArray(file) || file.format !== STATE_FORMAT)
    throw invalidState(`it is not an addon-devkit state file (no "format": "${STATE_FORMAT}")`);
  if (typeof file.version === 'number' && file.version > STATE_VERSION)
    throw invalidState(
      `it was written by a newer addon-devkit (state format version ${file.version}; this one reads version ${STATE_VERSION}): upgrade addon-devkit to load it`,
    );
  const { schema, validate } = checkerFor(registry);
  if (!validate(file)) throw invalidState(describeError(validate.errors![0]));
  const checked = file as StateFile;
  for (const [orgId, org] of Object.entries(checked.organizations)) checkOrganization(orgId, org, registry);
  // Each record, entry and setting in its schema's order: the API writes answers in the order it holds.
  return inSchemaOrder(schema, checked);
}

const invalidState = (problem: string): ApiError => new ApiError(400, 'invalid_state', problem);

function checkOrganization(orgId: string, org: OrganizationState, registry: Registry): void {
  const at = `organizations.${orgId}`;
  const ids = new Map<string, Set<string>>();
  for (const [name, docs] of Object.entries(org.records ?? {})) {
    const seen = new Set<string>();
    docs.forEach((doc, i) => {
      if (seen.has(doc._id)) throw invalidState(`${at}.records.${name}[${i}]: _id ${doc._id} appears twice`);
      seen.add(doc._id);
    });
    ids.set(name, seen);
  }
  for (const definition of registry.resources) checkReferences(at, definition, org, ids);
  const subscribed = new Set<string>();
  org.subscriptions?.forEach(({ appId, event }, i) => {
    if (!registry.catalog.find(event))
      throw invalidState(`${at}.subscriptions[${i}].event: ${event} is not in the event catalog`);
    if (subscribed.has(`${appId} ${event}`))
      throw invalidState(`${at}.subscriptions[${i}]: ${appId} is subscribed to ${event} twice`);
    subscribed.add(`${appId} ${event}`);
  });
  for (const [appId, { storage = [] }] of Object.entries(org.apps ?? {})) {
    const keys = new Set<string>();
    storage.forEach(({ key }, i) => {
      if (keys.has(key)) throw invalidState(`${at}.apps.${appId}.storage[${i}]: key ${key} appears twice`);
      keys.add(key);
    });
  }
}

/** Every reference names a record of the same organization, in the state itself. */
function checkReferences(
  at: string,
  definition: ResourceDefinition,
  org: OrganizationState,
  ids: Map<string, Set<string>>,
): void {
  const docs = org.records?.[definition.name] ?? [];
  for (const [field, collection] of Object.entries(definition.references ?? {})) {
    docs.forEach((doc, i) => {
      const id = doc[field];
      if (id !== null && id !== undefined && !ids.get(collection)?.has(String(id)))
        throw invalidState(
          `${at}.records.${definition.name}[${i}].${field} refers to ${id}, which is not among the organization's ${collection}`,
        );
    });
  }
}

const checkers = new WeakMap<Registry, { schema: JsonSchema; validate: ValidateFunction }>();

function checkerFor(registry: Registry): { schema: JsonSchema; validate: ValidateFunction } {
  let checker = checkers.get(registry);
  if (!checker) {
    const schema = fileSchema(registry);
    checkers.set(registry, (checker = { schema, validate: compileSchema(schema) }));
  }
  return checker;
}

const timestamp = { type: 'string', format: 'date-time' };

/** The file's JSON Schema, with each resource's own record schema for its records. */
function fileSchema(registry: Registry): JsonSchema {
  const records = Object.fromEntries(registry.resources.map((r) => [r.name, { type: 'array', items: r.recordSchema }]));
  const organization = {
    type: 'object',
    additionalProperties: false,
    properties: {
      records: { type: 'object', additionalProperties: false, properties: records },
      sequences: {
        type: 'object',
        propertyNames: { pattern: PLAIN_ID.source },
        additionalProperties: { type: 'integer', minimum: 0 },
      },
      subscriptions: { type: 'array', items: subscription },
      apps: { type: 'object', propertyNames: { pattern: APP_ID.source }, additionalProperties: app },
    },
  };
  return {
    type: 'object',
    additionalProperties: false,
    required: ['format', 'version', 'savedAt', 'clock', 'organizations'],
    properties: {
      format: { const: STATE_FORMAT },
      version: { type: 'integer', minimum: 1 },
      savedAt: timestamp,
      clock: {
        type: 'object',
        additionalProperties: false,
        required: ['offsetMs'],
        properties: { offsetMs: { type: 'number', minimum: 0, maximum: CLOCK_HORIZON_MS } },
      },
      organizations: {
        type: 'object',
        propertyNames: { pattern: PLAIN_ID.source },
        additionalProperties: organization,
      },
    },
  };
}

const subscription = {
  type: 'object',
  additionalProperties: false,
  required: ['appId', 'event', 'webhookUrl', 'isActive', 'createdAt', 'updatedAt'],
  properties: {
    appId: { type: 'string', pattern: APP_ID.source },
    event: { type: 'string' },
    webhookUrl: { type: 'string', pattern: HTTP_URL, maxLength: MAX_URL_LENGTH },
    isActive: { type: 'boolean' },
    createdAt: timestamp,
    updatedAt: timestamp,
  },
};

const scopeList = { type: 'array', maxItems: 1000, items: { type: 'string', maxLength: 100 } };

const app = {
  type: 'object',
  additionalProperties: false,
  properties: {
    installation: {
      type: 'object',
      additionalProperties: false,
      required: ['status', 'grantedScopes', 'consentedScopes', 'access', 'updatedAt'],
      properties: {
        status: { type: 'string', enum: ['installed', 'uninstalled'] },
        grantedScopes: scopeList,
        consentedScopes: scopeList,
        access: {
          type: 'object',
          additionalProperties: false,
          required: ['roles', 'users'],
          properties: {
            roles: { type: 'array', maxItems: ROLES.length, items: { type: 'string', enum: [...ROLES] } },
            users: { type: 'array', maxItems: 1000, items: { type: 'string', pattern: PLAIN_ID.source } },
          },
        },
        updatedAt: timestamp,
      },
    },
    config: {
      type: 'object',
      additionalProperties: false,
      required: ['values', 'updatedAt'],
      properties: {
        values: { type: 'object', maxProperties: MAX_CONFIG_KEYS },
        updatedAt: { type: ['string', 'null'], format: 'date-time' },
      },
    },
    storage: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['key', 'value', 'createdAt', 'updatedAt'],
        properties: { key: STORAGE_KEY, value: {}, createdAt: timestamp, updatedAt: timestamp },
      },
    },
  },
};
