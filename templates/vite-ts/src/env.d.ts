/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** The add-on API's base URL; default `http://127.0.0.1:4455/api/addon/v1` (`npx addon dev`). */
  readonly VITE_ADDON_API_URL?: string;
}
