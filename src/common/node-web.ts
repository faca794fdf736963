/**
 * Node's own URL and AbortController, for the emulator's code. A DOM test environment (vitest's
 * happy-dom, jsdom) replaces `globalThis.URL`, `AbortController`, `EventTarget`, `fetch`... with its
 * own, and Node's APIs refuse those: `fileURLToPath` a happy-dom URL ("must be of scheme file"),
 * `events.setMaxListeners` and `http.request({ signal })` a happy-dom AbortSignal
 * (ERR_INVALID_ARG_TYPE). `mockHost()` runs the emulator in such a test's process, so the emulator
 * takes these from Node's modules, never from the global scope.
 */
import { transferableAbortController } from 'node:util';

export { URL } from 'node:url';

/**
 * A Node AbortController. node:util's is the only one a module hands out (the global is the only
 * other); being transferable changes nothing for a controller never posted to a worker.
 */
export const nodeAbortController = (): AbortController => transferableAbortController();
