// A page's header row: crumbs from a section of the service down to the page, whose title is the
// page's one level-one heading, as the service's own pages show them.
import { h, type Child } from './dom';
import { href } from './routes';

const separator = () => h('span', { class: 'crumb-sep', 'aria-hidden': 'true' }, '/');

/** The crumbs, the page's title the last of them. */
export const crumbs = (...items: Child[]) => h('div', { class: 'crumbs' }, ...items);

/** A header row that holds only the crumbs. */
export const pageHeader = (...items: Child[]) => h('div', { class: 'main-header' }, crumbs(...items));

/** A section above the page that is no page of the emulator: its name, then a separator. */
export const crumbText = (text: string): Child[] => [h('span', { class: 'muted' }, text), separator()];

/** A page above this one: a link to it, then a separator. */
export const crumbLink = (text: string, path: string): Child[] => [h('a', { href: href(path) }, text), separator()];

/** The page's title, the last crumb. */
export const pageTitle = (text: string, ...rest: Child[]) =>
  h('h1', { class: 'crumb-title', 'data-testid': 'page-title' }, text, ...rest);
