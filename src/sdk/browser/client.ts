// A typed client of the add-on REST API (docs/api.md): every call sends the session token as a
// bearer token, JSON bodies, and turns error answers into the typed errors of errors.ts.
import { errorFor, SessionExpiredError } from './errors.js';
import { RESOURCE_NAMES, type ResourceName, type Resources } from './generated/resources.js';
import { withRetries, type RetryOptions } from './retry.js';
import { API_PREFIX, DEFAULT_EMULATOR_URL } from './addresses.js';
import type {
  AddonConfig,
  CatalogEvent,
  ErrorBody,
  JsonObject,
  JsonValue,
  ListOptions,
  Page,
  StorageEntry,
  Subscription,
} from './types.js';

/** The API of `addon dev` on its default port: the fallback of a page served from this machine. */
export const DEFAULT_API_URL = DEFAULT_EMULATOR_URL + API_PREFIX;

const LOOPBACK = /^(localhost|127(\.\d{1,3}){3}|\[::1\])$|\.localhost$/;

/**
 * The API's base URL: the one given, else `addon dev`'s, but only for a page served from this machine
 * (or no page: Node). A deployed add-on that forgot its `apiUrl` must not send its session token to
 * 127.0.0.1 of whoever opened it, so there it is an error.
 */
export function resolveApiUrl(apiUrl?: string): string {
  if (apiUrl) return apiUrl.replace(/\/+$/, '');
  const page = typeof location === 'undefined' ? null : location;
  if (!page || LOOPBACK.test(page.hostname)) return DEFAULT_API_URL;
  throw new TypeError(
    `no apiUrl: this page is served from ${page.origin}, not this machine, so there is no addon dev to fall back to; ` +
      `pass apiUrl (the service's {base_url}${API_PREFIX})`,
  );
}

/** The largest page the API serves (`limit` 1–100); what `all()` asks for unless told otherwise. */
export const MAX_PAGE_SIZE = 100;

export interface ClientOptions {
  /**
   * The API's base URL, up to and including `/api/addon/v1`. Default: {@link DEFAULT_API_URL} in a page
   * served from localhost (or in Node); elsewhere it is required.
   */
  apiUrl?: string;
  /** The session token (from `service:context`, or `readToken()`). */
  token: string;
  /**
   * Called once, with the error, on the first 401: the session expired (or the token is not
   * valid) and the add-on must be reopened. The call itself still rejects with the error.
   */
  onSessionExpired?: (error: SessionExpiredError) => void;
  /** The fetch to use; default the global one. */
  fetch?: typeof fetch;
  /**
   * Retry failed calls (off unless given): `{ retries: 2 }` retries 429, 502, 503, 504 and lost
   * connections of GET, PUT and DELETE, waiting `Retry-After` (capped) or backing off. POST and
   * PATCH only with `nonIdempotent: true`: a write whose answer was lost would be done twice.
   */
  retry?: RetryOptions;
}

export interface RequestOptions {
  query?: Record<string, string | number | undefined>;
  body?: unknown;
  /** Send no `Authorization` header (the event catalog needs none). */
  anonymous?: boolean;
  /** Default `application/json`. */
  contentType?: string;
  /** This call's retries, instead of the client's; `false` for none. */
  retry?: RetryOptions | false;
}

/** The five routes every business resource has, plus a walk over every page. */
export interface ResourceClient<T, Create, Patch> {
  /** `GET /<r>?limit&offset` → `{data, total}`. */
  list(options?: ListOptions): Promise<Page<T>>;
  /** `GET /<r>/{id}` → the record. */
  get(id: string): Promise<T>;
  /** `POST /<r>` → the created record. */
  create(body: Create): Promise<T>;
  /** `PATCH /<r>/{id}` → the updated record. */
  update(id: string, patch: Patch): Promise<T>;
  /** `DELETE /<r>/{id}`. */
  remove(id: string): Promise<void>;
  /** Every record, oldest first, fetched `pageSize` (1–100, default 100) at a time. */
  all(pageSize?: number): AsyncGenerator<T, void, undefined>;
}

export interface ConfigClient {
  /** `GET /config`; `{values: {}, updatedAt: null}` when never written. */
  get<V extends JsonObject = JsonObject>(): Promise<AddonConfig<V>>;
  /** `PUT /config`: replaces every value. */
  replace<V extends JsonObject = JsonObject>(values: V): Promise<AddonConfig<V>>;
  /** `PATCH /config`: a JSON Merge Patch (`null` removes a key, objects merge). */
  patch<V extends JsonObject = JsonObject>(patch: JsonObject): Promise<AddonConfig<V>>;
  /** `DELETE /config`: back to the never-written state. */
  reset(): Promise<void>;
}

export interface StorageClient {
  /** `GET /storage?limit&offset` → `{data, total}`, in order of first creation. */
  list(options?: ListOptions): Promise<Page<StorageEntry>>;
  /** Every entry, `pageSize` at a time. */
  all(pageSize?: number): AsyncGenerator<StorageEntry, void, undefined>;
  /** `GET /storage/{key}`; a missing key rejects with a `NotFoundError`. */
  get<V extends JsonValue = JsonValue>(key: string): Promise<StorageEntry<V>>;
  /** `PUT /storage/{key}` with `{value}`: creates or replaces. */
  set<V extends JsonValue>(key: string, value: V): Promise<StorageEntry<V>>;
  /** `DELETE /storage/{key}`. */
  remove(key: string): Promise<void>;
}

export interface EventsClient {
  /** `GET /events/catalog` (no token needed): the 35 events, with the scope each needs. */
  catalog(): Promise<Page<CatalogEvent>>;
  /** `POST /events/subscribe`: creates, replaces or re-activates the subscription to `event`. */
  subscribe(event: string, webhookUrl: string): Promise<Subscription>;
  /** `GET /events/subscriptions`: the add-on's subscriptions in the organization. */
  subscriptions(): Promise<Page<Subscription>>;
  /** `POST /events/unsubscribe`: deletes the subscription. */
  unsubscribe(event: string): Promise<void>;
}

/** One namespace per business resource of the API (`customers`, `invoices`, ..., `orders` for store orders). */
export type ResourceClients = {
  [Name in ResourceName]: ResourceClient<
    Resources[Name]['record'],
    Resources[Name]['create'],
    Resources[Name]['patch']
  >;
};

export interface AddonClient extends ResourceClients {
  readonly apiUrl: string;
  config: ConfigClient;
  storage: StorageClient;
  events: EventsClient;
  /**
   * Any call, for what the namespaces do not cover: `path` is relative to `apiUrl`. Resolves with
   * the parsed JSON body (`undefined` for a 204); error answers reject with the typed errors.
   */
  request<T = unknown>(method: string, path: string, options?: RequestOptions): Promise<T>;
}

/**
 * Walks a paginated list: asks for `pageSize` records at offsets 0, pageSize, 2 × pageSize, ...
 * until it has reached `total` (as last reported) or a page comes back empty.
 */
export async function* paginate<T>(
  list: (options: { limit: number; offset: number }) => Promise<Page<T>>,
  pageSize = MAX_PAGE_SIZE,
): AsyncGenerator<T, void, undefined> {
  if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > MAX_PAGE_SIZE) {
    throw new RangeError(`page size must be a whole number from 1 to ${MAX_PAGE_SIZE} (got ${pageSize})`);
  }
  let offset = 0;
  for (;;) {
    const page = await list({ limit: pageSize, offset });
    yield* page.data;
    offset += page.data.length;
    if (page.data.length === 0 || offset >= page.total) return;
  }
}

export function createClient(options: ClientOptions): AddonClient {
  if (typeof options?.token !== 'string' || options.token === '') {
    throw new TypeError('createClient({ token }): the session token is required');
  }
  const apiUrl = resolveApiUrl(options.apiUrl);
  const token = options.token;
  // Called through a closure: `window.fetch` called as a method of another object throws.
  const doFetch: typeof fetch = options.fetch ?? ((input, init) => fetch(input, init));
  let expiredReported = false;

  function request<T>(method: string, path: string, init: RequestOptions = {}): Promise<T> {
    const retry = init.retry === false ? undefined : (init.retry ?? options.retry);
    return withRetries(method, retry, () => requestOnce<T>(method, path, init));
  }

  async function requestOnce<T>(method: string, path: string, init: RequestOptions): Promise<T> {
    const url = new URL(`${apiUrl}/${path.replace(/^\/+/, '')}`);
    for (const [name, value] of Object.entries(init.query ?? {})) {
      if (value !== undefined) url.searchParams.set(name, String(value));
    }
    const headers: Record<string, string> = { accept: 'application/json' };
    if (!init.anonymous) headers.authorization = `Bearer ${token}`;
    if (init.body !== undefined) headers['content-type'] = init.contentType ?? 'application/json';
    const response = await doFetch(url.href, {
      method,
      headers,
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
    const text = await response.text();
    if (response.ok) return (text ? JSON.parse(text) : undefined) as T;

    const error = errorFor(response.status, errorBody(response, text), response.headers.get('retry-after'));
    if (error instanceof SessionExpiredError && !expiredReported) {
      expiredReported = true;
      try {
        options.onSessionExpired?.(error);
      } catch (callbackError) {
        // The caller still gets the API error; the callback's own failure is reported, not thrown.
        setTimeout(() => {
          throw callbackError;
        });
      }
    }
    throw error;
  }

  const data = async <T>(method: string, path: string, options?: RequestOptions) =>
    (await request<{ data: T }>(method, path, options)).data;
  const listQuery = ({ limit, offset }: ListOptions = {}) => ({ query: { limit, offset } });
  const id = (value: string) => encodeURIComponent(value);

  function resource<T, Create, Patch>(name: string): ResourceClient<T, Create, Patch> {
    const list = (options?: ListOptions) => request<Page<T>>('GET', name, listQuery(options));
    return {
      list,
      get: (recordId) => data<T>('GET', `${name}/${id(recordId)}`),
      create: (body) => data<T>('POST', name, { body }),
      update: (recordId, patch) => data<T>('PATCH', `${name}/${id(recordId)}`, { body: patch }),
      remove: async (recordId) => {
        await request('DELETE', `${name}/${id(recordId)}`);
      },
      all: (pageSize) => paginate(list, pageSize),
    };
  }

  const listStorage = (options?: ListOptions) => request<Page<StorageEntry>>('GET', 'storage', listQuery(options));

  // The resources of the emulator's registry (generated/resources.ts), so a new one needs no edit here.
  const resources = Object.fromEntries(RESOURCE_NAMES.map((name) => [name, resource(name)])) as ResourceClients;

  return {
    apiUrl,
    ...resources,
    config: {
      get: () => data('GET', 'config'),
      replace: (values) => data('PUT', 'config', { body: values }),
      patch: (patch) => data('PATCH', 'config', { body: patch, contentType: 'application/merge-patch+json' }),
      reset: async () => {
        await request('DELETE', 'config');
      },
    },
    storage: {
      list: listStorage,
      all: (pageSize) => paginate(listStorage, pageSize),
      get: (key) => data('GET', `storage/${id(key)}`),
      set: (key, value) => data('PUT', `storage/${id(key)}`, { body: { value } }),
      remove: async (key) => {
        await request('DELETE', `storage/${id(key)}`);
      },
    },
    events: {
      catalog: () => request('GET', 'events/catalog', { anonymous: true }),
      subscribe: (event, webhookUrl) => data('POST', 'events/subscribe', { body: { event, webhookUrl } }),
      subscriptions: () => request('GET', 'events/subscriptions'),
      unsubscribe: async (event) => {
        await request('POST', 'events/unsubscribe', { body: { event } });
      },
    },
    request,
  };
}

/** The error body of an answer; one in the API's shape is made up when the body is not JSON. */
function errorBody(response: Response, text: string): ErrorBody {
  try {
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed === 'object' && parsed !== null && typeof (parsed as ErrorBody).code === 'string') {
      const body = parsed as ErrorBody;
      return { ...body, message: typeof body.message === 'string' ? body.message : body.code };
    }
  } catch {
    // not JSON
  }
  return {
    statusCode: response.status,
    error: response.statusText,
    code: `http_${response.status}`,
    message: `${response.status} ${response.statusText}${text ? `: ${text.slice(0, 200)}` : ''}`,
  };
}
