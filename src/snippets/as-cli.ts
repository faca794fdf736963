import {
  ADDON_COMMAND,
  apiPath,
  emulatorFlag,
  notCopied,
  sessionFlags,
  type Copied,
  type CopyPlace,
} from './copied.js';
import { fetchPath } from './sent-paths.js';
import { commandLine } from './shell-words.js';

/**
 * A copied item as one `addon` command: `addon api` for an API call (its token minted for the
 * call's session), `addon deliveries replay` for a delivery, `addon trigger` for an event. A path
 * with a `.` or `..` segment, which no URL sends, `addon api` refuses in one line (copy it as curl).
 */
export function asCli(copied: Copied, place: CopyPlace): string {
  const not = copied.kind === 'call' ? notCopied(copied.entry) : null;
  if (not) return `# ${not}.`;
  return commandLine(ADDON_COMMAND, [...words(copied), ...emulatorFlag(place)]);
}

function words(copied: Copied): string[] {
  switch (copied.kind) {
    case 'call': {
      const { entry } = copied;
      const data = entry.body === undefined ? [] : ['--data', JSON.stringify(entry.body)];
      return ['api', entry.method, fetchPath(apiPath(entry)), ...data, ...sessionFlags(entry)];
    }
    case 'delivery':
      return ['deliveries', 'replay', copied.delivery.deliveryId];
    case 'event': {
      const { event, orgId, data, recordId } = copied.fired;
      return [
        'trigger',
        event,
        ...(recordId === undefined ? [] : ['--record', recordId]),
        ...(data === undefined ? [] : ['--data', JSON.stringify(data)]),
        '--org',
        orgId,
      ];
    }
  }
}
