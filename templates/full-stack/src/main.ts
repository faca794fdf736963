// The add-on's front end. It runs inside the host's iframe: `npx addon dev` opens the host page with
// it. connect() reads the session token, says `service:ready` and gets the context back.
import { connect, type Connection } from 'addon-devkit/sdk';

const app = document.querySelector<HTMLElement>('#app')!;

/** `<tag>text</tag>`; text only, never HTML, since names come from user data. */
function el(tag: string, text = ''): HTMLElement {
  const element = document.createElement(tag);
  element.textContent = text;
  return element;
}

async function render({ context, client, bridge }: Connection): Promise<void> {
  const about = el('dl');
  for (const [term, value] of [
    ['Organization', context.orgId],
    ['User', context.userId],
    ['Scopes', context.scopes.join(', ')],
  ]) {
    about.append(el('dt', term), el('dd', value));
  }

  const { data: customers, total } = await client.customers.list({ limit: 10 });
  const list = el('ul');
  for (const customer of customers) list.append(el('li', customer.name));

  const notify = el('button', 'Say hello');
  const count = `${total} customer${total === 1 ? '' : 's'}`;
  notify.addEventListener('click', () => bridge.notify(`Hello from {{name}}: ${count}`, 'success'));

  app.replaceChildren(about, el('h2', `Customers (${total})`), list, notify);
  bridge.autoResize();
}

function fail(error: unknown): void {
  const text = `Could not connect: ${(error as Error).message}. Open the add-on through \`npx addon dev\`.`;
  const message = el('p', text);
  message.className = 'error';
  app.replaceChildren(message);
}

// The API of `npx addon dev` by default; set VITE_ADDON_API_URL to point elsewhere.
connect({ apiUrl: import.meta.env.VITE_ADDON_API_URL, timeoutMs: 5000 })
  .then(render)
  .catch(fail);
