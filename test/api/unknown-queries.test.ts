import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTROL_PREFIX, controlApi } from '../../src/control/control-api.js';
import { warningLogger } from '../../src/common/logger.js';
import { createWorldGate } from '../../src/state/world-gate.js';
import { cleanUp, inProcess, type InProcessEmulator } from '../helpers.js';

/**
 * One rule for every route of the control API and the add-on API: a query parameter the route does
 * not take is a 400 naming it, whether the route takes other parameters or none. The routes are read
 * from the APIs themselves, so a route added later is held to the rule without being listed here.
 */
let em: InProcessEmulator;
let token: string;
beforeAll(async () => {
  em = await inProcess({ scopes: ['*'] });
  ({ token } = await em.token());
});
afterAll(cleanUp);

/** The GET routes the control API registers, read from the plugin on an app of their own. */
async function controlGetRoutes(): Promise<string[]> {
  const app = Fastify();
  // The app only lists the routes: their schemas are never compiled.
  app.setValidatorCompiler(() => () => true);
  const urls: string[] = [];
  app.addHook('onRoute', ({ method, url }) => void ([method].flat().includes('GET') && urls.push(url)));
  await app.register(controlApi, {
    prefix: CONTROL_PREFIX,
    target: em,
    logger: warningLogger,
    gate: createWorldGate(),
    ownOrigins: () => new Set(),
  });
  await app.close();
  return urls;
}

/** The add-on API's GET routes, from its OpenAPI document, and the document itself. */
async function apiGetRoutes(): Promise<string[]> {
  const { paths } = (await em.call('GET', 'openapi.json')).body as { paths: Record<string, object> };
  const documented = Object.entries(paths).flatMap(([path, methods]) => ('get' in methods ? [path] : []));
  return [...documented, '/api/addon/v1/openapi.json'];
}

/** A path to call: every parameter (`:id`, `{id}`) filled with a value its schema takes. */
const callable = (url: string) => url.replace(/:\w+|\{\w+\}/g, 'sample');

const refusal = {
  statusCode: 400,
  code: 'validation_failed',
  message: 'invalid querystring: bogus is not a known field',
  details: [{ in: 'querystring', field: 'bogus', message: 'is not a known field' }],
};

describe('an unknown query parameter', () => {
  it('is refused by every GET route of the control API, /audit and the streams included', async () => {
    const urls = await controlGetRoutes();
    expect(urls).toEqual(expect.arrayContaining(['/_emulator/audit', '/_emulator/records/:collection']));
    for (const url of urls) {
      const answer = await em.call('GET', `${callable(url)}?bogus=1`);
      expect({ ...answer.body, route: url }, url).toMatchObject({ ...refusal, route: url });
    }
  });

  it('is refused by every GET route of the add-on API, those that take no parameters included', async () => {
    const urls = await apiGetRoutes();
    expect(urls).toEqual(expect.arrayContaining(['/api/addon/v1/customers', '/api/addon/v1/customers/{id}']));
    for (const url of urls) {
      const answer = await em.call('GET', `${callable(url)}?bogus=1`, { token });
      expect({ ...answer.body, route: url }, url).toMatchObject({ ...refusal, route: url });
    }
  });

  it('leaves the parameters a route takes, and a CORS preflight, as they were', async () => {
    expect((await em.call('GET', '/_emulator/audit?limit=5')).status).toBe(200);
    expect((await em.call('GET', 'customers?limit=5', { token })).status).toBe(200);
    const preflight = await em.call('OPTIONS', 'customers?limit=5', {
      headers: { origin: 'http://localhost:5173', 'access-control-request-method': 'GET' },
    });
    expect(preflight.status).toBe(204);
  });
});
