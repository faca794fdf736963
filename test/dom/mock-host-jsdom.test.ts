// @vitest-environment jsdom
import { it } from 'vitest';
import { componentSession } from './component-session.js';

it('connects a component through mockHost() under jsdom, and does again once the first host closed', async () => {
  await componentSession();
  await componentSession();
});
