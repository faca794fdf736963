import { CONTROL_PREFIX } from '../sdk/browser/addresses.js';
import { ADDON_COMMAND, emulatorFlag, sessionFlags, type Copied, type CopyPlace } from './copied.js';
import { commandLine, shellWord } from './shell-words.js';

/**
 * A copied item as a curl command: an API call again, with a token minted for its session by
 * `addon token` as the command runs (a snippet never holds a token); a delivery replayed, or an event
 * fired, through the control API. `-i`: the answer's status line is what is compared.
 */
export function asCurl(copied: Copied, place: CopyPlace): string {
  const control = `${place.emulatorUrl}${CONTROL_PREFIX}`;
  switch (copied.kind) {
    case 'call': {
      const { entry } = copied;
      const mint = commandLine(ADDON_COMMAND, ['token', ...sessionFlags(entry), ...emulatorFlag(place)]);
      return curl(entry.method, place.emulatorUrl + entry.path, entry.body, [`"authorization: Bearer $(${mint})"`]);
    }
    case 'delivery':
      return curl('POST', `${control}/deliveries/${encodeURIComponent(copied.delivery.deliveryId)}/replay`);
    case 'event': {
      const { event, orgId, data, recordId } = copied.fired;
      return curl('POST', `${control}/events/trigger`, { event, orgId, recordId, data });
    }
  }
}

/** `curl`, one option a line; `headers` are shell words already. */
function curl(method: string, url: string, body?: unknown, headers: string[] = []): string {
  const lines = [
    `curl -sS -i${method === 'GET' ? '' : ` -X ${shellWord(method)}`} ${shellWord(url)}`,
    ...headers.map((header) => `-H ${header}`),
    ...(body === undefined
      ? []
      : [`-H ${shellWord('content-type: application/json')}`, `--data-raw ${shellWord(JSON.stringify(body))}`]),
  ];
  return lines.join(' \\\n  ');
}
