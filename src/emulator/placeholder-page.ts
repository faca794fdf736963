import { API_PREFIX } from '../sdk/browser/addresses.js';
import type { EmulatorStatus } from '../control/status.js';
import { escapeHtml as escape } from '../common/text/html-text.js';

/** The page at `/` when the host page was not built (`npm run build`): what is running and where. */
export function placeholderPage(
  settings: Pick<EmulatorStatus, 'name' | 'appId' | 'orgId' | 'userId' | 'grantedScopes'>,
  apiUrl: string,
): string {
  const rows: Array<[string, string]> = [
    ['App', `${settings.name} (${settings.appId})`],
    ['Organization', settings.orgId],
    ['User', settings.userId],
    ['Granted scopes', settings.grantedScopes.join(' ')],
    ['REST API', apiUrl],
  ];
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>addon dev</title>
<style>body{font:15px/1.5 system-ui,sans-serif;margin:3rem auto;max-width:44rem;color:#1d2330}
th{text-align:left;padding-right:1.5rem;color:#5b6475;font-weight:500}code{background:#f1f3f7;padding:0 .3em}</style></head>
<body>
<h1>Add-on emulator</h1>
<p>The host page is not built here: run <code>npm run build</code> in the kit's folder.</p>
<table>${rows.map(([k, v]) => `<tr><th>${escape(k)}</th><td>${escape(v)}</td></tr>`).join('')}</table>
<p>Mint a session token with <code>npx addon token</code> and call the API with
<code>Authorization: Bearer &lt;token&gt;</code>.</p>
<ul>
<li><a href="${API_PREFIX}/openapi.json">OpenAPI document</a></li>
<li><a href="/.well-known/jwks.json">JWKS (token verification key)</a></li>
</ul>
</body>
</html>
`;
}
