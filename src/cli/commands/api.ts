import { STATUS_CODES } from 'node:http';
import type { Command } from 'commander';
import type { MintedToken } from '../../auth/tokens.js';
import { UserError } from '../../common/errors.js';
import { API_PREFIX } from '../../sdk/browser/addresses.js';
import { API_METHODS, apiCallUrl, parsedBody, sendApiCall, type ApiMethod } from '../api-call.js';
import { checkedArgument, checkedOption, plainId, scopeList, usageError, type ValueKind } from '../arguments.js';
import { dataFlag, dataOf, type DataFlag } from '../data-flag.js';
import { againstEmulator, type EmulatorFlags } from '../emulator-command.js';
import { println, printlnStderr } from '../output.js';

interface ApiFlags extends EmulatorFlags {
  data?: DataFlag;
  scopes?: string[];
  org?: string;
  user?: string;
}

/** What `addon api` answers: the status, the headers and the body (JSON, else its text). */
interface ApiAnswer {
  status: number;
  headers: Record<string, string>;
  body: unknown;
}

const method: ValueKind<ApiMethod> = {
  takes: `one of ${API_METHODS.join(', ')}`,
  read: (text) => API_METHODS.find((known) => known === text.toUpperCase()),
};

const FIELDS = { scopes: '--scopes', orgId: '--org', userId: '--user' };

/**
 * `addon api`: one call of the add-on REST API, as the add-on makes it, with a session token minted
 * for it by the emulator (as `stripe get`/`stripe post` do). The status line goes to stderr and the
 * body to stdout, so the body pipes into jq; an error answer is one line and exit 1.
 */
export function apiCommand(program: Command): void {
  againstEmulator(
    program
      .command('api')
      .description(`call the add-on REST API with a session token minted for the call; the body is printed as JSON`)
      .addArgument(checkedArgument('<method>', API_METHODS.join(', '), method))
      .argument('<path>', `the path under ${API_PREFIX}, with its query: /customers?limit=5`)
      .addOption(checkedOption('--data <json>', 'the JSON body, or @file to read it from a file', dataFlag))
      .addOption(
        checkedOption('--scopes <list>', "the token's scopes, or none; default: the granted scopes", scopeList),
      )
      .addOption(checkedOption('--org <id>', 'organization id (default: the emulated one)', plainId))
      .addOption(checkedOption('--user <id>', 'user id (default: the emulated one)', plainId)),
    'print the answer as JSON: { status, headers, body }',
    async (emulator, flags: ApiFlags, verb: ApiMethod, path: string) => {
      const url = apiCallUrl(emulator.url, path);
      if (url === null)
        throw usageError(
          `<path> must be a path of the add-on API under ${API_PREFIX}, with no . or .. segment (got "${path}")`,
        );
      const body = flags.data && (await dataOf(flags.data));
      const session = { scopes: flags.scopes, orgId: flags.org, userId: flags.user };
      const { token } = await emulator.post<MintedToken>('/tokens', session, FIELDS);
      const response = await sendApiCall(url, verb, token, body);
      const answer = {
        status: response.status,
        headers: Object.fromEntries(response.headers),
        body: parsedBody(await response.text()),
      };
      if (answer.status >= 400) throw refused(verb, path, answer);
      return answer;
    },
    ({ status, body }) => {
      printlnStderr(`${status} ${STATUS_CODES[status] ?? ''}`.trim());
      if (body !== null) println(typeof body === 'string' ? body : JSON.stringify(body, null, 2));
    },
  );
}

/** An error answer in one line: its status, and the error body's code and message. */
function refused(verb: string, path: string, { status, body }: ApiAnswer): UserError {
  const { code, message } = (typeof body === 'object' && body !== null ? body : {}) as {
    code?: unknown;
    message?: unknown;
  };
  const said = typeof code === 'string' ? `${code}: ${String(message ?? '')}` : String(body ?? '');
  return new UserError(
    `${verb} ${path} answered ${status}: ${said.replace(/\s+/g, ' ')}`,
    1,
    typeof code === 'string' ? code : undefined,
  );
}
