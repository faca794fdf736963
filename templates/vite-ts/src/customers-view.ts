// The add-on's page as a component: mount() connects to the host (connect() reads the session token,
// says `service:ready` and gets the context back) and renders into the element it is given. main.ts
// mounts it in the page; test/customers-view.unit.test.ts mounts it under mockHost(), with no browser.
import { connect, SessionExpiredError, type Connection, type ConnectOptions } from 'addon-devkit/sdk';

/**
 * Shows who opened the add-on, the organization's first customers (each opening its page in the
 * service) and a button that asks the host for a toast. Resolves once the page shows the customers,
 * or what went wrong.
 */
export async function mount(app: HTMLElement, options: ConnectOptions = {}): Promise<void> {
  let connection: Connection;
  try {
    connection = await connect(options);
  } catch (error) {
    app.replaceChildren(alert(`Could not connect: ${messageOf(error)}. Open the add-on through \`npx addon dev\`.`));
    return;
  }
  const customers = el('section');
  app.replaceChildren(about(connection), customers);
  connection.bridge.autoResize();
  await showCustomers(customers, connection);
}

function about({ context }: Connection): HTMLElement {
  const list = el('dl');
  for (const [term, value] of [
    ['Organization', context.orgId],
    ['User', context.userId],
    ['Scopes', context.scopes.join(', ')],
  ]) {
    list.append(el('dt', term), el('dd', value));
  }
  return list;
}

async function showCustomers(section: HTMLElement, connection: Connection): Promise<void> {
  const { client, bridge } = connection;
  let page;
  try {
    page = await client.customers.list({ limit: 10 });
  } catch (error) {
    if (error instanceof SessionExpiredError) {
      // Trying again cannot help: only reopening the add-on gives it a new session token.
      section.replaceChildren(alert(`Your session has ended: ${error.message}. Reopen the add-on.`));
    } else {
      const retry = button('Retry', () => showCustomers(section, connection));
      section.replaceChildren(alert(`Could not load the customers: ${messageOf(error)}`), retry);
    }
    return;
  }

  const list = el('ul');
  for (const customer of page.data) {
    // The customer's page in the service, by its in-app path: the host goes there and closes the add-on.
    const open = button(customer.name, () => bridge.navigate(`/customers/${encodeURIComponent(customer._id)}`));
    open.className = 'link';
    list.append(el('li', '', open));
  }
  const count = `${page.total} customer${page.total === 1 ? '' : 's'}`;
  const hello = button('Say hello', () => bridge.notify(`Hello from {{name}}: ${count}`, 'success'));
  section.replaceChildren(el('h2', `Customers (${page.total})`), list, hello);
}

/** `<tag>text</tag>`; text only, never HTML, since names come from user data. */
function el(tag: string, text = '', ...children: HTMLElement[]): HTMLElement {
  const element = document.createElement(tag);
  element.textContent = text;
  element.append(...children);
  return element;
}

function button(text: string, onClick: () => unknown): HTMLElement {
  const element = el('button', text);
  element.setAttribute('type', 'button');
  element.addEventListener('click', onClick);
  return element;
}

/** A message screen readers announce, and tests find by its role. */
function alert(text: string): HTMLElement {
  const element = el('p', text);
  element.className = 'error';
  element.setAttribute('role', 'alert');
  return element;
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));
