import { createEmulator } from './dist/index.js';
const em = await createEmulator({ port: 0 });
await em.listen();
const doc = JSON.parse((await em.inject('/api/addon/v1/openapi.json')).body);
await em.close();
console.log(doc.openapi, JSON.stringify(doc.servers), Object.keys(doc.components.schemas).join(' '));
console.log(JSON.stringify(doc.paths['/api/addon/v1/customers'].get, null, 1).slice(0, 1800));
console.log(JSON.stringify(doc.paths['/api/addon/v1/events/catalog'].get.responses).slice(0, 400));
console.log(JSON.stringify(doc.components.schemas.CustomerPatch).slice(0, 300));
