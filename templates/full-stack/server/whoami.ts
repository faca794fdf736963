// GET /api/whoami: who opened the add-on, as the service signed it. The page sends its session token
// (`Authorization: Bearer <token>`); nothing in it is trusted until verifySessionToken has checked it
// against the service's key, and anything else is answered 401.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { SessionTokenError, verifySessionToken, type VerifySessionTokenOptions } from 'addon-devkit/webhooks';

export const WHOAMI_PATH = '/api/whoami';

export function whoami(options: VerifySessionTokenOptions) {
  return async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    const token = /^Bearer +(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
    try {
      const claims = await verifySessionToken(token, options);
      send(response, 200, claims);
    } catch (error) {
      if (!(error instanceof SessionTokenError)) {
        console.error('[whoami]', error);
        return send(response, 500, { error: 'internal_error' });
      }
      send(response, error.statusCode, { error: error.code, message: error.message });
    }
  };
}

function send(response: ServerResponse, status: number, body: object): void {
  response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}
