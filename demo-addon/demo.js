// The demo add-on: what an add-on does with the host bridge (spec 4.2) and the REST API.

// 1. Read the session token from the URL, then remove it from the visible URL: tokens are not to
//    be shown or stored (spec 5.1).
const params = new URLSearchParams(location.search);
const token = params.get('service_token');
params.delete('service_token');
history.replaceState(null, '', `${location.pathname}${params.size ? `?${params}` : ''}${location.hash}`);

const config = await (await fetch('config.json')).json();
// The host's origin: where messages go, and the only origin whose messages count.
const hostOrigin = document.referrer ? new URL(document.referrer).origin : config.hostOrigin;
const $ = (id) => document.querySelector(`[data-testid="${id}"]`);
const send = (type, payload) => parent.postMessage(payload === undefined ? { type } : { type, payload }, hostOrigin);

let session = { token };

// 2. Say we are ready; the host answers with the session context.
window.addEventListener('message', (event) => {
  if (event.source !== parent || event.origin !== hostOrigin) return;
  if (event.data?.type !== 'service:context') return;
  session = event.data.payload;
  const { orgId, userId, scopes } = session;
  $('demo-context').textContent = JSON.stringify(
    { orgId, userId, scopes, token: `${session.token.slice(0, 12)}…` },
    null,
    2,
  );
  fitHeight();
});
send('service:ready');

// 3. Every bridge message.
for (const button of document.querySelectorAll('[data-notify]')) {
  button.addEventListener('click', () =>
    send('service:notify', {
      message: `${/^[aeiou]/.test(button.dataset.notify) ? 'An' : 'A'} ${button.dataset.notify} message from the demo add-on`,
      level: button.dataset.notify,
    }),
  );
}
// A page of the service's: the host leaves the add-on (closing it) to show its list of invoices.
$('demo-navigate').addEventListener('click', () => send('service:navigate', { path: '/invoices' }));
$('demo-resize').addEventListener('click', () => send('service:resize', { height: 640 }));
$('demo-close').addEventListener('click', () => send('service:close'));

// The content's own height (not scrollHeight, which is never less than the frame's), so the frame
// also shrinks when the content got shorter.
function fitHeight() {
  send('service:resize', { height: Math.ceil(document.documentElement.getBoundingClientRect().height) });
}
// A frame given another width (the host's device-width control) wraps the content anew.
let width = innerWidth;
window.addEventListener('resize', () => {
  if (innerWidth === width) return;
  width = innerWidth;
  fitHeight();
});

// 4. The REST API, with the session token as a bearer token.
async function call(method, path, body) {
  const result = $('demo-result');
  const response = await fetch(`${config.apiUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${session.token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const answer = await response.json().catch(() => null);
  result.classList.toggle('error', !response.ok);
  result.textContent = `${method} ${path} → ${response.status}\n${JSON.stringify(answer, null, 2)}`;
  if (response.status === 401)
    send('service:notify', { message: 'The session expired: reopen the add-on.', level: 'warning' });
  if (response.status === 403)
    send('service:notify', { message: `Missing scope ${answer.requiredScope}`, level: 'error' });
  fitHeight();
}
$('demo-list-customers').addEventListener('click', () => call('GET', '/customers?limit=5'));
$('demo-list-invoices').addEventListener('click', () => call('GET', '/invoices?limit=5'));
$('demo-create-customer').addEventListener('click', () =>
  call('POST', '/customers', { name: `Demo customer ${new Date().toLocaleTimeString()}`, email: 'demo@example.com' }),
);
