// config.schema.json, the JSON Schema of addon.config.json the package ships (docs/config.md#the-json-schema):
// written from the loader's own definition, holding the templates' configs and the docs' example, read
// by VS Code's JSON language service as an editor reads it, and agreeing with the loader on generated
// configs, valid and broken.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import { getLanguageService, type JSONSchema } from 'vscode-json-languageservice';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { readConfigFile } from '../../src/cli/config-file.js';
import { configSchemaText, PUBLISHED_CONFIG_SCHEMA } from '../../src/cli/config-schema.js';
import { emulatedAddon } from '../../src/cli/emulator-flags.js';
import { UserError } from '../../src/common/errors.js';
import { seededRandom } from '../../src/faults/seeded-random.js';
import { resolveSettings } from '../../src/installations/settings.js';
import { ROOT } from '../helpers.js';

const shipped = async () => readFile(join(ROOT, 'config.schema.json'), 'utf8');
const templateConfig = async (template: string) =>
  JSON.parse(
    (await readFile(join(ROOT, 'templates', template, 'addon.config.json'), 'utf8'))
      .replace('{{appId}}', 'com.example.my-addon')
      .replace('{{name}}', 'My add-on'),
  );

describe('config.schema.json', () => {
  it('is what the loader validates with (node scripts/run-ts.js scripts/config-schema/write.ts)', async () => {
    expect(await shipped()).toBe(configSchemaText());
  });

  it("holds both templates' configs and the docs' example, as another validator reads it", async () => {
    const validate = new Ajv({ strict: false }).compile(JSON.parse(await shipped()));
    const docs = await readFile(join(ROOT, 'docs', 'config.md'), 'utf8');
    const example = JSON.parse(/```json\n([\s\S]*?)```/.exec(docs)![1]!);
    for (const config of [await templateConfig('full-stack'), await templateConfig('vite-ts'), example])
      expect(validate(config), JSON.stringify(validate.errors)).toBe(true);
  });

  it("completes and flags fields in VS Code's JSON language service", async () => {
    const uri = 'file:///addon/config.schema.json';
    const service = getLanguageService({ schemaRequestService: async () => shipped() });
    service.configure({
      validate: true,
      schemas: [{ uri, fileMatch: ['addon.config.json'], schema: JSON.parse(await shipped()) as JSONSchema }],
    });
    const open = (text: string) => {
      const document = TextDocument.create('file:///addon/addon.config.json', 'json', 1, text);
      return { document, json: service.parseJSONDocument(document) };
    };

    const typing = open('{\n  "sc\n}');
    const completion = await service.doComplete(typing.document, { line: 1, character: 5 }, typing.json);
    expect(completion?.items.map(({ label }) => label)).toEqual(
      expect.arrayContaining(['scopes', 'grantedScopes', 'webhooks']),
    );

    const broken = open(
      '{ "scope": ["invoices.read"], "appId": "my addon", "webhooks": [{ "event": "invoice.payed", "url": "x" }] }',
    );
    const said = (await service.doValidation(broken.document, broken.json)).map(({ message }) => message);
    expect(said).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/scope is not allowed/),
        expect.stringMatching(/does not match the pattern/),
        expect.stringMatching(/Value is not accepted/),
      ]),
    );
    expect(said).toHaveLength(4); // the scope, the app id, the event, the url

    const fine = open(JSON.stringify(await templateConfig('full-stack')));
    expect(await service.doValidation(fine.document, fine.json)).toEqual([]);
  });
});

describe('the loader and the schema', () => {
  // Each field drawn from values the loader takes and values it refuses, independently of the others.
  const FIELDS: Record<string, unknown[]> = {
    appId: ['com.example.my-addon', 'Com.Example.X-1', 'my addon', 'com', '.com.x'],
    name: ['My add-on', 7],
    url: ['http://localhost:5173/', 'https://x.example/a', 'ftp://x', 'localhost:5173'],
    scopes: [['*'], ['invoices.read', 'customers.*'], ['invoices.reed'], ['invoices'], 'invoices.read'],
    orgId: ['org_acme', 'org:1', 'org acme', '', 'x'.repeat(65)],
    userId: ['usr_ann', '-usr', 'usr ann'],
    port: [0, 4455, 65535, 65536, -1, 4455.5],
    rateLimit: [1, 1000, 1_000_000, 0, 1_000_001],
    dev: ['npm run dev', ''],
    webhooks: [
      [{ event: 'invoice.paid', url: 'http://127.0.0.1:8787/webhooks' }],
      [{ event: 'invoice.payed', url: 'http://127.0.0.1:8787/webhooks' }],
      [{ event: 'invoice.paid', url: 'not a url' }],
      [{ event: 'invoice.paid' }],
    ],
    check: [{ backendUrl: 'http://127.0.0.1:8787/api/whoami' }, { backendUrl: 'whoami' }, { backend: 'x' }],
    bogus: [1],
  };

  /** Whether `addon dev` takes `config`: the file read and checked, then the settings made from it. */
  async function loaderTakes(dir: string, config: object): Promise<boolean> {
    await writeFile(join(dir, 'addon.config.json'), JSON.stringify(config));
    try {
      resolveSettings(emulatedAddon({}, await readConfigFile(dir)));
      return true;
    } catch (error) {
      if (error instanceof UserError) return false;
      throw error;
    }
  }

  it('take and refuse the same generated configs', async () => {
    const validate = new Ajv({ strict: false }).compile(PUBLISHED_CONFIG_SCHEMA);
    const random = seededRandom(49);
    const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
    const dir = await mkdtemp(join(tmpdir(), 'config-schema-'));
    const outcomes = { taken: 0, refused: 0 };
    try {
      for (let i = 0; i < 400; i++) {
        // A few fields each time, so that most configs hold one problem at most, and many none.
        const config = Object.fromEntries(
          Object.entries(FIELDS)
            .filter(() => random() < 0.3)
            .map(([field, values]) => [field, pick(values)]),
        );
        const schema = validate(config);
        expect(await loaderTakes(dir, config), JSON.stringify(config)).toBe(schema);
        outcomes[schema ? 'taken' : 'refused']++;
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
    expect(outcomes.taken).toBeGreaterThan(20);
    expect(outcomes.refused).toBeGreaterThan(20);
  });
});
