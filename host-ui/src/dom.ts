// A tiny element builder. Everything goes through textContent and setAttribute, never innerHTML:
// the page shows data that add-ons and webhook receivers control.

export type Child = Node | string | number | null | undefined | false;
type Handler = (event: Event) => void;
export type Props = Record<string, string | number | boolean | null | undefined | Handler>;

export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: Props = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(props)) {
    if (typeof value === 'function') {
      element.addEventListener(name.replace(/^on/, ''), value);
    } else if (value === true) {
      element.setAttribute(name, '');
    } else if (value !== false && value !== null && value !== undefined) {
      element.setAttribute(name, String(value));
    }
  }
  append(element, children);
  return element;
}

export function append(parent: Node, children: Child[]): void {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    parent.appendChild(typeof child === 'object' ? child : document.createTextNode(String(child)));
  }
}

/** Replaces all children of `parent`. */
export function replaceChildren(parent: Element, ...children: Child[]): void {
  parent.replaceChildren();
  append(parent, children);
}

/** Several nodes where one child is expected. */
export function fragment(...children: Child[]): DocumentFragment {
  const result = document.createDocumentFragment();
  append(result, children);
  return result;
}

/** A checkbox the tests find by `testid` and its `value`, with the id its label points at. */
export const checkbox = (testid: string, value: string, checked: boolean, id: string): HTMLInputElement =>
  h('input', { type: 'checkbox', 'data-testid': testid, value, id, checked });
