// Where the add-on API lives, and where `addon dev` answers unless told otherwise: the emulator, the
// CLI, the host page and the SDK all import these. They live in the SDK's folder, with no imports,
// because the SDK must stay servable as it is, without a bundler (docs/sdk.md), and a browser
// bundle must not pull in the emulator.

/** The path of the add-on REST API on the service (and on the emulator). */
export const API_PREFIX = '/api/addon/v1';

/** The path of the emulator's own control API (not the platform's): `addon token`, the host page, ... */
export const CONTROL_PREFIX = '/_emulator';

/** The interface `addon dev` binds: this machine only. */
export const DEFAULT_HOST = '127.0.0.1';

export const DEFAULT_PORT = 4455;

/** The emulator of a plain `addon dev`. */
export const DEFAULT_EMULATOR_URL = `http://${DEFAULT_HOST}:${DEFAULT_PORT}`;
