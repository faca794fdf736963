// Writes config.schema.json, the JSON Schema of addon.config.json that the package ships and editors
// read through `$schema` (docs/config.md#the-json-schema), from the definition the loader validates
// with (src/cli/config-schema.ts): one definition, never two. Run by `npm run build`, from the
// package's folder; test/unit/config-schema.test.ts fails when the file is not what this writes.
import { configSchemaText } from '../../src/cli/config-schema.js';
import { writeChanged } from '../write-changed.js';

await writeChanged('.', [['config.schema.json', configSchemaText()]]);
