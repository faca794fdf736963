import type { AuditEntry } from '../audit/audit-log.js';
import { CONTROL_PREFIX } from '../sdk/browser/addresses.js';
import {
  ADDON_COMMAND,
  apiPath,
  deliveredData,
  firstAnswer,
  notCopied,
  scopesOf,
  type Copied,
  type CopyPlace,
  type FiredEvent,
} from './copied.js';
import { fetchPath, hasDotSegment } from './sent-paths.js';

/**
 * A copied item as a vitest `it(...)` for the template's integration test file, where `emulator` (a
 * TestEmulator) is in scope: it does the same again and asserts what happened then. Deterministic
 * and self-contained: its token is minted in the test, nothing in it depends on the time. An event's
 * deliveries are asserted by their first attempt's answer, what `emulator.idle()` waits for (a retry
 * is due later on the emulated clock).
 */
export function asTest(copied: Copied, place: CopyPlace): string {
  return [...worldComment(place), ...body(copied)].join('\n');
}

/** How to run it against the world it was copied from: the emulator's state is not in the snippet. */
const worldComment = ({ emulatorUrl }: CopyPlace): string[] => [
  `// Copied from the host page of the emulator at ${emulatorUrl}. To run it against the same world,`,
  `// export it there (${ADDON_COMMAND} state export test/world.json, or GET ${CONTROL_PREFIX}/state) and`,
  `// start this file's emulator from it: startEmulator({ state: 'test/world.json', appId, scopes }).`,
];

function body(copied: Copied): string[] {
  switch (copied.kind) {
    case 'call':
      return callTest(copied.entry);
    case 'delivery': {
      const { delivery } = copied;
      const fired = { event: delivery.event, orgId: delivery.orgId, data: deliveredData(delivery) };
      const title = `${delivery.event} to ${delivery.webhookUrl} is answered ${firstAnswer(delivery)} again`;
      return deliveryTest(title, fired, [[delivery.webhookUrl, firstAnswer(delivery)]], delivery.webhookUrl);
    }
    case 'event': {
      const { fired } = copied;
      const answers = fired.deliveries.map((delivery) => [delivery.webhookUrl, firstAnswer(delivery)] as const);
      const title = `${fired.event} in ${fired.orgId} is delivered and answered as it was`;
      return deliveryTest(title, fired, answers);
    }
  }
}

function callTest(entry: AuditEntry): string[] {
  const session = { orgId: entry.orgId, userId: entry.userId, scopes: scopesOf(entry) };
  const hasBody = entry.body !== undefined;
  const path = fetchPath(apiPath(entry));
  const title = `${entry.method} ${apiPath(entry)} answers ${entry.status}`;
  // A call it cannot make as it was made (fetch resolves the segments away; a body not kept): the test
  // says so, and is not made.
  const not = hasDotSegment(entry.path)
    ? 'fetch resolves its . and .. segments away; copy it as curl, which sends it as it was'
    : notCopied(entry);
  if (not) return [`it.todo(${js(`${title}: ${not}`)});`];
  return [
    `it(${js(title)}, async () => {`,
    ...faultNote(entry),
    `  const token = await emulator.token(${js(session)});`,
    `  const response = await fetch(emulator.apiUrl + ${js(path)}, {`,
    `    method: ${js(entry.method)},`,
    `    headers: { authorization: \`Bearer \${token}\`${hasBody ? ", 'content-type': 'application/json'" : ''} },`,
    ...(hasBody ? [`    body: JSON.stringify(${js(entry.body)}),`] : []),
    `  });`,
    `  expect(response.status).toBe(${entry.status});`,
    // A HEAD answer has no body to read a code from.
    ...(entry.code && entry.method !== 'HEAD'
      ? [`  expect(await response.json()).toMatchObject({ code: ${js(entry.code)} });`]
      : []),
    `});`,
  ];
}

/**
 * A fault rule's answer is not of the world: the test says so, for the rule to be added first. On
 * one line whatever the rule's words hold, since it is a comment.
 */
function faultNote({ faults }: AuditEntry): string[] {
  if (!faults?.length) return [];
  const said = faults.map(({ rule, effect }) => `${rule}: ${effect}`).join(', ');
  return [
    `  // Fault rules touched this call (${said.replace(/[\r\n\u2028\u2029]/g, ' ')}): add them first, emulator.faults.add(...).`,
  ];
}

/**
 * Fires the event again and asserts each delivery's first answer, `[webhookUrl, status]` (null: no
 * answer came); `only`: of the delivery to that URL alone.
 */
function deliveryTest(
  title: string,
  { event, orgId, data, recordId }: Omit<FiredEvent, 'deliveries'>,
  answers: ReadonlyArray<readonly [string, number | null]>,
  only?: string,
): string[] {
  const options = { orgId, ...(recordId === undefined ? {} : { recordId }), ...(data === undefined ? {} : { data }) };
  return [
    `it(${js(title)}, async () => {`,
    `  const fired = await emulator.trigger(${js(event)}, ${js(options)});`,
    `  await emulator.idle();`,
    `  const answers = fired.deliveries${only === undefined ? '' : `.filter((d) => d.webhookUrl === ${js(only)})`}.map(({ deliveryId, webhookUrl }) => {`,
    `    const delivery = emulator.deliveries({ event: ${js(event)} }).find((d) => d.deliveryId === deliveryId);`,
    `    return [webhookUrl, delivery?.attempts[0]?.response?.status ?? null];`,
    `  });`,
    `  expect(answers).toEqual(${js(answers)});`,
    `});`,
  ];
}

/**
 * A JavaScript expression of a JSON value: its JSON, which is one, unless a key is `__proto__`,
 * which an object literal would take as the prototype: then the text, parsed.
 */
function js(value: unknown): string {
  const text = JSON.stringify(value);
  return text.includes('"__proto__"') ? `JSON.parse(${JSON.stringify(text)})` : text;
}
