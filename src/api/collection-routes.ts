import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { CollectionService, ListWindow } from '../domain/collection-service.js';
import type { Fields } from '../domain/resource.js';
import { sampleId, type SampleBodies } from '../domain/sample-examples.js';
import { DEFAULT_SEED_SIZE } from '../domain/seed.js';
import { withArticle } from '../common/errors.js';
import { sessionOf } from './pipeline.js';
import { storedAnswerCompiler } from './serialization.js';
import { errorResponse, idParams, named, noContent, pageOf, pageQuery, pascalCase, single } from './schemas.js';

/** list, get, create, update and delete of one business resource: validate -> domain -> reply. */
export function collectionRoutes(app: FastifyInstance, service: CollectionService, samples: SampleBodies): void {
  const { definition } = service;
  const { name, label, description, createSchema, updateSchema, recordSchema } = definition;
  // The OpenAPI document's names: `Customer`, `CustomerCreate`, `CustomerPatch`; `listCustomers`, ...
  const type = pascalCase(label);
  const record = named(type, recordSchema);
  named(`${type}Create`, createSchema);
  named(`${type}Patch`, updateSchema);
  const path = `/${name}`;
  const doc = (operationId: string, summary: string, schema: Record<string, unknown>) => ({
    operationId,
    tags: [name],
    summary,
    description,
    ...schema,
    response: { ...(schema.response as object), default: errorResponse },
  });
  const org = (request: FastifyRequest) => sessionOf(request).orgId;
  const the = `the ${label}`;
  // The OpenAPI document's examples, from the definition's samples (domain/sample-examples.ts): the
  // first seeded record's id, and for a delete the last's, which no other example refers to, so a
  // contract tester running them in the document's order deletes nothing a later one needs.
  const params = { id: sampleId(definition) };
  const deleted = { id: sampleId(definition, definition.samples.count(DEFAULT_SEED_SIZE) - 1) };
  // Their answers are the store's own records, written from their kept texts (serialization.ts).
  const serializerCompiler = storedAnswerCompiler;

  app.get<{ Querystring: ListWindow }>(path, {
    serializerCompiler,
    config: { scope: `${name}.read` },
    schema: doc(`list${pascalCase(name)}`, `List ${name}`, {
      querystring: pageQuery,
      response: { 200: pageOf(record, `A page of ${name}, oldest first, and their total`) },
    }),
    handler: async (request) => service.list(org(request), request.query),
  });

  app.get<{ Params: { id: string } }>(`${path}/:id`, {
    serializerCompiler,
    config: { scope: `${name}.read`, example: { params } },
    schema: doc(`get${type}`, `Get ${withArticle(label)}`, {
      params: idParams,
      response: { 200: single(record, `The ${label}`) },
    }),
    handler: async (request) => ({ data: service.get(org(request), request.params.id) }),
  });

  app.post<{ Body: Fields }>(path, {
    serializerCompiler,
    config: { scope: `${name}.write`, example: { body: () => samples.create(definition) } },
    schema: doc(`create${type}`, `Create ${withArticle(label)}`, {
      body: createSchema,
      response: { 201: single(record, `The new ${label}`) },
    }),
    handler: async (request, reply) => reply.code(201).send({ data: await service.create(org(request), request.body) }),
  });

  app.patch<{ Params: { id: string }; Body: Fields }>(`${path}/:id`, {
    serializerCompiler,
    config: { scope: `${name}.write`, example: { params, body: () => samples.patch(definition) } },
    schema: doc(`update${type}`, `Update ${withArticle(label)}`, {
      params: idParams,
      body: updateSchema,
      response: { 200: single(record, `${the} as updated`) },
    }),
    handler: async (request) => ({ data: await service.update(org(request), request.params.id, request.body) }),
  });

  app.delete<{ Params: { id: string } }>(`${path}/:id`, {
    config: { scope: `${name}.delete`, example: { params: deleted } },
    schema: doc(`delete${type}`, `Delete ${withArticle(label)}`, {
      params: idParams,
      response: { 204: { ...noContent, description: `Deleted ${the}` } },
    }),
    handler: async (request, reply) => {
      await service.remove(org(request), request.params.id);
      return reply.code(204).send();
    },
  });
}
