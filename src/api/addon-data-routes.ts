import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ListWindow } from '../domain/collection-service.js';
import {
  MAX_CONFIG_KEYS,
  STORAGE_KEY,
  type AddonConfigService,
  type AddonOwner,
  type AddonStorageService,
} from '../domain/addon-data.js';
import { errorResponse, named, noContent, pageOf, pageQuery, single } from './schemas.js';
import { sessionOf } from './pipeline.js';
import { storedAnswerCompiler } from './serialization.js';

const configRecord = named('AddonConfig', {
  type: 'object',
  properties: {
    _id: { type: 'string' },
    appId: { type: 'string' },
    values: { type: 'object', additionalProperties: true },
    updatedAt: { type: ['string', 'null'], format: 'date-time' },
  },
  required: ['_id', 'appId', 'values', 'updatedAt'],
});
const configBody = { type: 'object', maxProperties: MAX_CONFIG_KEYS, additionalProperties: true };
/** The OpenAPI document's examples (openapi.ts, RouteExample): an add-on's settings, and an entry it keeps. */
const configExample = { body: () => ({ theme: 'dark', defaultCurrency: 'EUR' }) };
const key = { key: 'last-sync' };

const storageEntry = named('StorageEntry', {
  type: 'object',
  properties: {
    _id: { type: 'string' },
    key: { type: 'string' },
    value: { description: 'any JSON value' },
    createdAt: { type: 'string', format: 'date-time' },
    updatedAt: { type: 'string', format: 'date-time' },
  },
  required: ['_id', 'key', 'value', 'createdAt', 'updatedAt'],
});
const keyParams = {
  type: 'object',
  properties: { key: STORAGE_KEY },
  required: ['key'],
};

/** The session's add-on and organization: whose configuration and storage a call reads. */
const owner = (request: FastifyRequest): AddonOwner => sessionOf(request);

/** The add-on's configuration in the organization: one JSON object; PATCH is a JSON Merge Patch. */
export function configRoutes(app: FastifyInstance, config: AddonConfigService): void {
  const doc = (operationId: string, summary: string, schema: object) => ({
    operationId,
    tags: ['config'],
    summary,
    ...schema,
    response: { 200: single(configRecord, "The add-on's configuration"), default: errorResponse },
  });
  app.get('/config', {
    config: { scope: 'config.read' },
    schema: doc('getConfig', "Get the add-on's configuration", {}),
    handler: async (request) => ({ data: config.get(owner(request)) }),
  });
  app.put<{ Body: Record<string, unknown> }>('/config', {
    config: { scope: 'config.write', example: configExample },
    schema: doc('replaceConfig', "Replace the add-on's configuration", { body: configBody }),
    handler: async (request) => ({ data: await config.replace(owner(request), request.body) }),
  });
  app.patch<{ Body: Record<string, unknown> }>('/config', {
    config: { scope: 'config.write', example: configExample },
    schema: doc('patchConfig', 'Merge into the configuration (JSON Merge Patch: null removes a key)', {
      body: { ...configBody, minProperties: 1 },
    }),
    handler: async (request) => ({ data: await config.patch(owner(request), request.body) }),
  });
  app.delete('/config', {
    config: { scope: 'config.delete' },
    schema: {
      operationId: 'resetConfig',
      tags: ['config'],
      summary: 'Reset the configuration to empty',
      response: { 204: { ...noContent, description: 'Reset' }, default: errorResponse },
    },
    handler: async (request, reply) => {
      await config.reset(owner(request));
      return reply.code(204).send();
    },
  });
}

/** The add-on's key-value storage in the organization. */
export function storageRoutes(app: FastifyInstance, storage: AddonStorageService): void {
  const tags = ['storage'];
  // Their answers are the store's own entries, written from their kept texts (serialization.ts).
  const serializerCompiler = storedAnswerCompiler;
  app.get<{ Querystring: ListWindow }>('/storage', {
    serializerCompiler,
    config: { scope: 'storage.read' },
    schema: {
      operationId: 'listStorage',
      tags,
      summary: 'List storage entries',
      querystring: pageQuery,
      response: { 200: pageOf(storageEntry, 'A page of entries, in order of first creation'), default: errorResponse },
    },
    handler: async (request) => storage.list(owner(request), request.query),
  });
  // Set before get: the OpenAPI document lists them so, and a contract tester that runs its examples
  // in that order (Dredd) sets the example's entry before it reads it.
  app.put<{ Params: { key: string }; Body: { value: unknown } }>('/storage/:key', {
    serializerCompiler,
    config: { scope: 'storage.write', example: { params: key, body: () => ({ value: { at: '2026-01-31' } }) } },
    schema: {
      operationId: 'setStorageEntry',
      tags,
      summary: 'Set a storage entry (201 when created, 200 when replaced)',
      params: keyParams,
      body: { type: 'object', additionalProperties: false, properties: { value: {} }, required: ['value'] },
      response: {
        200: single(storageEntry, 'The entry, replaced'),
        201: single(storageEntry, 'The entry, created'),
        default: errorResponse,
      },
    },
    handler: async (request, reply) => {
      const { entry, created } = await storage.set(owner(request), request.params.key, request.body.value);
      return reply.code(created ? 201 : 200).send({ data: entry });
    },
  });
  app.get<{ Params: { key: string } }>('/storage/:key', {
    serializerCompiler,
    config: { scope: 'storage.read', example: { params: key } },
    schema: {
      operationId: 'getStorageEntry',
      tags,
      summary: 'Get a storage entry',
      params: keyParams,
      response: { 200: single(storageEntry, 'The entry'), default: errorResponse },
    },
    handler: async (request) => ({ data: storage.get(owner(request), request.params.key) }),
  });
  app.delete<{ Params: { key: string } }>('/storage/:key', {
    config: { scope: 'storage.delete', example: { params: key } },
    schema: {
      operationId: 'deleteStorageEntry',
      tags,
      summary: 'Delete a storage entry',
      params: keyParams,
      response: { 204: { ...noContent, description: 'Deleted' }, default: errorResponse },
    },
    handler: async (request, reply) => {
      await storage.remove(owner(request), request.params.key);
      return reply.code(204).send();
    },
  });
}
