import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sessionOf } from './pipeline.js';
import type { CollectionService, ListWindow } from '../domain/collection-service.js';
import type { Fields } from '../domain/resource.js';
import { errorResponse, idParams, noContent, pageOf, pageQuery, single } from './schemas.js';
import { withArticle } from '../errors.js';

/** list, get, create, update and delete of one business resource: validate -> domain -> reply. */
export function collectionRoutes(app: FastifyInstance, service: CollectionService): void {
  const { name, label, description, createSchema, updateSchema, recordSchema } = service.definition;
  const path = `/${name}`;
  const doc = (summary: string, schema: Record<string, unknown>) => ({
    tags: [name],
    summary,
    description,
    ...schema,
    response: { ...(schema.response as object), default: errorResponse },
  });
  const org = (request: FastifyRequest) => sessionOf(request).orgId;

  app.get<{ Querystring: ListWindow }>(path, {
    config: { scope: `${name}.read` },
    schema: doc(`List ${name}`, { querystring: pageQuery, response: { 200: pageOf(recordSchema) } }),
    handler: async (request) => service.list(org(request), request.query),
  });

  app.get<{ Params: { id: string } }>(`${path}/:id`, {
    config: { scope: `${name}.read` },
    schema: doc(`Get ${withArticle(label)}`, { params: idParams, response: { 200: single(recordSchema) } }),
    handler: async (request) => ({ data: service.get(org(request), request.params.id) }),
  });

  app.post<{ Body: Fields }>(path, {
    config: { scope: `${name}.write` },
    schema: doc(`Create ${withArticle(label)}`, { body: createSchema, response: { 201: single(recordSchema) } }),
    handler: async (request, reply) => reply.code(201).send({ data: await service.create(org(request), request.body) }),
  });

  app.patch<{ Params: { id: string }; Body: Fields }>(`${path}/:id`, {
    config: { scope: `${name}.write` },
    schema: doc(`Update ${withArticle(label)}`, {
      params: idParams,
      body: updateSchema,
      response: { 200: single(recordSchema) },
    }),
    handler: async (request) => ({ data: await service.update(org(request), request.params.id, request.body) }),
  });

  app.delete<{ Params: { id: string } }>(`${path}/:id`, {
    config: { scope: `${name}.delete` },
    schema: doc(`Delete ${withArticle(label)}`, { params: idParams, response: { 204: noContent } }),
    handler: async (request, reply) => {
      await service.remove(org(request), request.params.id);
      return reply.code(204).send();
    },
  });
}
