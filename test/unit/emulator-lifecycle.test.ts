import { describe, expect, it } from 'vitest';
import { createEmulator } from '../../src/index.js';

describe("an emulator's lifecycle", () => {
  it('listens once: a second listen() says so, with its URL, and leaves it serving', async () => {
    const emulator = await createEmulator({ port: 0 });
    try {
      const url = await emulator.listen();
      await expect(emulator.listen()).rejects.toThrow(
        `this emulator already listens at ${url}; listen() is called once`,
      );
      expect((await fetch(`${url}/_emulator/status`)).status).toBe(200);
    } finally {
      await emulator.close();
    }
  });

  it('does not listen after close(), and close() twice is one close', async () => {
    const emulator = await createEmulator({ port: 0 });
    await emulator.listen();
    await Promise.all([emulator.close(), emulator.close()]);
    await expect(emulator.listen()).rejects.toThrow('this emulator is closed; create another to listen again');
  });
});
