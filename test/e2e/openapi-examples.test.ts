import { Ajv } from 'ajv';
import addFormatsPlugin from 'ajv-formats';
import { afterAll, describe, expect, it } from 'vitest';
import { api, cleanUp, startDev } from '../helpers.js';

const addFormats = addFormatsPlugin as unknown as (ajv: Ajv) => Ajv;

afterAll(cleanUp);

interface Operation {
  parameters?: Array<{ in: string; name: string; example?: string }>;
  requestBody?: { content: Record<string, { example?: unknown }> };
  responses: Record<string, { content?: Record<string, unknown> }>;
}

/** A JSON pointer's token, in a URI fragment (ajv's $ref). */
const pointerToken = (name: string) => encodeURIComponent(name.replace(/~/g, '~0').replace(/\//g, '~1'));

/**
 * What a contract tester (Dredd) does with default options: read the document that `addon dev`
 * serves, make each operation's request from its examples alone, and send it. Every request is
 * made (no example missing) and answered with a status the operation documents; none is refused for
 * its shape: a refusal is a record the example names that this world does not have.
 */
describe('the OpenAPI document of addon dev, as a contract tester uses it', () => {
  it('makes a request of every operation from its examples, each answered as documented', async () => {
    const dev = await startDev([]);
    const { token } = (await api(`${dev.url}/_emulator/tokens`, { body: { scopes: ['*'] } })).body;
    const document = (await api(`${dev.apiUrl}/openapi.json`)).body as {
      paths: Record<string, Record<string, Operation>>;
    };
    const ajv = addFormats(new Ajv({ strict: false, allErrors: true }));
    ajv.addSchema(document, 'openapi');
    const answers: string[] = [];
    for (const [path, item] of Object.entries(document.paths))
      for (const [method, { parameters = [], requestBody, responses }] of Object.entries(item)) {
        if (method === 'head') continue;
        const url = parameters
          .filter((parameter) => parameter.in === 'path')
          .reduce((at, { name, example }) => at.replace(`{${name}}`, encodeURIComponent(String(example))), path);
        expect(url, `${method} ${path}`).not.toMatch(/[{}]|undefined/);
        const body = requestBody?.content['application/json'].example;
        if (requestBody) expect(body, `${method} ${path}`).toBeDefined();
        const answer = await api(`${dev.url}${url}`, { token, method: method.toUpperCase(), body });
        expect(Object.keys(responses), `${method} ${path}: ${answer.status}`).toContain(String(answer.status));
        // The body is what the document says of it: its schema's fields, and of a record no other.
        if (responses[String(answer.status)]!.content) {
          const at = [
            'paths',
            path,
            method,
            'responses',
            String(answer.status),
            'content',
            'application/json',
            'schema',
          ];
          const valid = ajv.validate({ $ref: `openapi#/${at.map(pointerToken).join('/')}` }, answer.body);
          expect(valid, `${method} ${path}: ${ajv.errorsText()}`).toBe(true);
        }
        const refused = answer.status === 400 ? answer.body.details : [];
        for (const { message } of refused) expect(message, `${method} ${path}`).toMatch(/^refers to \w+_0+1,/);
        answers.push(`${method.toUpperCase()} ${url} ${answer.status}`);
      }
    // The examples' ids name no record here (the seeded ids are random): a 404, as documented.
    expect(answers).toContain('GET /api/addon/v1/customers/cus_0000000000000001 404');
    expect(answers).toContain('POST /api/addon/v1/customers 201');
    expect(answers).toContain('PUT /api/addon/v1/storage/last-sync 201');
    expect(answers).toContain('POST /api/addon/v1/events/subscribe 201');
  });
});
