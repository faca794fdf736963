import type { DescribedOperation } from '../api/openapi.js';
import { SESSION_REFUSAL_CODES } from '../auth/refusal-codes.js';
import { covers } from '../auth/scopes.js';
import { BRIDGE_ITEMS } from '../bridge/bridge-messages.js';
import type { ResourceDefinition } from '../domain/resource.js';
import type { Registry } from '../domain/resources/registry.js';
import { API_PREFIX } from '../sdk/browser/addresses.js';
import { EVENT_OUTCOMES, type Surface } from './coverage-file.js';

/** The answers of every operation beside its documented ones: a fault rule's 5xx and its reset or hang. */
const FAULT_RESPONSES = ['5xx', 'dropped'];

export const CLOCK_ADVANCED = 'clock advanced';
export const TOKEN_EXPIRED_IN_USE = 'token expired in use';
export const timeRuleItem = (resource: string, description: string): string => `time rule ${resource}: ${description}`;
export const refusalItem = (code: string): string => `401 ${code}`;

/** `GET /customers/{id}` of the route `GET /api/addon/v1/customers/:id`, as the OpenAPI document writes it. */
export const operationOf = (method: string, url: string): string =>
  `${method} ${url.slice(API_PREFIX.length).replace(/:(\w+)/g, '{$1}')}`;

/**
 * The surface an emulator is measured against, derived, never kept by hand: the API's routes as
 * registered, as the OpenAPI document describes them (`operations`), the registry's catalog, resources and
 * scopes, the declared scopes, and the bridge's messages (src/bridge/bridge-messages.ts).
 */
export function surfaceOf({
  operations,
  registry,
  declaredScopes,
}: {
  operations: readonly DescribedOperation[];
  registry: Registry;
  declaredScopes: readonly string[];
}): Surface {
  const served = operations
    .filter(({ method }) => method !== 'HEAD')
    .map((described) => ({ described, operation: operationOf(described.method, described.url) }));
  return {
    operations: served.map(({ operation }) => operation),
    responses: [
      ...served.flatMap(({ described, operation }) =>
        responsesOf(described).map((response) => `${operation} ${response}`),
      ),
      ...SESSION_REFUSAL_CODES.map(refusalItem),
    ],
    events: registry.catalog.events.flatMap(({ name }) => EVENT_OUTCOMES.map((outcome) => `${name} ${outcome}`)),
    bridge: [...BRIDGE_ITEMS],
    scopes: registry.scopes.all.filter((scope) => covers(declaredScopes, scope)),
    time: [CLOCK_ADVANCED, TOKEN_EXPIRED_IN_USE, ...registry.resources.flatMap(timeRuleItems)],
  };
}

/** A route's answers: `2xx`, its documented error statuses, `413` when it takes a body, and the faults'. */
function responsesOf({ errorStatuses, takesBody }: DescribedOperation): string[] {
  const statuses = [...errorStatuses, ...(takesBody ? [413] : [])].sort((a, b) => a - b);
  return ['2xx', ...statuses.map(String), ...FAULT_RESPONSES];
}

const timeRuleItems = ({ name, timeRules = [] }: ResourceDefinition): string[] =>
  timeRules.map((rule) => timeRuleItem(name, rule.description));
