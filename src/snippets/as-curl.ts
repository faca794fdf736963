import { CONTROL_PREFIX } from '../sdk/browser/addresses.js';
import { ADDON_COMMAND, emulatorFlag, notCopied, sessionFlags, type Copied, type CopyPlace } from './copied.js';
import { curlPath } from './sent-paths.js';
import { commandLine, shellWord } from './shell-words.js';

/**
 * A copied item as a curl command: an API call again, with a token minted for its session by
 * `addon token` as the command runs (a snippet never holds a token); a delivery replayed, or an event
 * fired, through the control API. `-i`: the answer's status line is what is compared.
 *
 * It makes the request it shows and no other: `--globoff`, or curl expands `{A,B}` and `[1-3]` in a
 * URL into several requests (a copied `DELETE /customers/{A,B}`, answered 404, deleted both);
 * `--path-as-is`, or curl resolves `.` and `..` segments; `-I` for HEAD, as `-X HEAD` waits for the
 * body its Content-Length announces; `-X` whenever a body is sent, which would make a GET a POST.
 */
export function asCurl(copied: Copied, place: CopyPlace): string {
  const control = `${place.emulatorUrl}${CONTROL_PREFIX}`;
  switch (copied.kind) {
    case 'call': {
      const { entry } = copied;
      const not = notCopied(entry);
      if (not) return `# ${not}.`;
      const mint = commandLine(ADDON_COMMAND, ['token', ...sessionFlags(entry), ...emulatorFlag(place)]);
      const url = place.emulatorUrl + curlPath(entry.path);
      return curl(entry.method, url, entry.body, [`"authorization: Bearer $(${mint})"`]);
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
  const how =
    method === 'HEAD' ? '-I' : `-i${method === 'GET' && body === undefined ? '' : ` -X ${shellWord(method)}`}`;
  const lines = [
    `curl -sS ${how} --globoff --path-as-is ${shellWord(url)}`,
    ...headers.map((header) => `-H ${header}`),
    ...(body === undefined
      ? []
      : [`-H ${shellWord('content-type: application/json')}`, `--data-raw ${shellWord(JSON.stringify(body))}`]),
  ];
  return lines.join(' \\\n  ');
}
