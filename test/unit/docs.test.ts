import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DEFAULT_REGISTRY } from '../../src/domain/resources/registry.js';
import { allPassages, allTables, type Passage } from '../doc-passages.js';
import { SPEC_NAMED_EVENTS } from '../spec-events.js';
import { CHECKS } from '../../src/check/check-list.js';

/**
 * The README and docs state facts the registry makes: how many events the catalog has, which
 * resources (so scopes and collections) and id prefixes there are, each event's scope and data.
 * They are found by the phrases the docs use for them and checked against the registry, so a
 * resource or an event added without its documentation fails here, naming the line to change.
 */
const { resources, catalog } = DEFAULT_REGISTRY;
const PASSAGES = allPassages();
const TABLES = allTables();
const NAMES = resources.map((r) => r.name);
const EVENTS = catalog.events.length;

const NUMBER_WORDS = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten'];
const asNumber = (word: string) => (/^\d+$/.test(word) ? Number(word) : NUMBER_WORDS.indexOf(word.toLowerCase()));
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const namesResource = (name: string) => new RegExp(`\\b${escape(name)}\\b`, 'i');
const sameSet = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x) => b.includes(x));

/** Where a number that `phrase` states (its first group) is not `expected`. */
function wrongNumbers(phrase: RegExp, expected: number, passages: Passage[] = PASSAGES): string[] {
  return passages.flatMap(({ where, text }) =>
    [...text.matchAll(phrase)]
      .filter((match) => asNumber(match[1]) !== expected)
      .map((match) => `${where}: "${match[0]}", where the registry makes ${expected}`),
  );
}

describe('the docs count what the registry makes', () => {
  it('the events of the catalog, and those the spec does not name', () => {
    // A `total` in an example answer counts events when the catalog is named at it or just before.
    const nearCatalog = PASSAGES.filter((_, i) =>
      PASSAGES.slice(Math.max(0, i - 2), i + 1).some(({ text }) => /catalog/i.test(text)),
    );
    const aboutTheSpec = PASSAGES.filter(({ text }) => /\bspec\b/i.test(text));
    expect([
      ...wrongNumbers(/(?<!-)\b(\d+)[- ]events?\b/gi, EVENTS),
      ...wrongNumbers(/#all-(\d+)-events\b/g, EVENTS),
      ...wrongNumbers(/\btotal"?: (\d+)/g, EVENTS, nearCatalog),
      ...wrongNumbers(/\b(\d+) unnamed\b/g, EVENTS - SPEC_NAMED_EVENTS.length),
      ...wrongNumbers(/\b(\d+) more\b/g, EVENTS - SPEC_NAMED_EVENTS.length, aboutTheSpec),
    ]).toEqual([]);
  });

  it('the business resources', () => {
    const number = `\\d+|${NUMBER_WORDS.join('|')}`;
    expect(wrongNumbers(new RegExp(`\\b(${number}) business resources\\b`, 'gi'), resources.length)).toEqual([]);
  });
});

/**
 * Passages that name three or more resources without meaning all of them, and why (each found by
 * a piece of its text).
 */
const NOT_LISTS = [
  // The spec's section 4 names these as its other endpoints.
  'Other endpoints: products, expenses, tickets (4)',
  // An example error message, listing an add-on's scopes.
  'is not among the declared scopes (customers.* invoices.read invoices.write)',
  // What one scenario file makes.
  '| `month-end.json` |',
];

/**
 * A passage that names three or more of a kind of thing is taken for a list of them, and must name
 * them all; a list of some of the resources must be one the registry can tell apart: those with a
 * lifecycle, or those that refer to one resource (a `customerId` in their create body).
 */
describe('the docs list what the registry makes', () => {
  const referTo = (target: (typeof resources)[number]) =>
    resources.filter((r) => `${target.label.split(' ').pop()}Id` in (r.createSchema.properties as object));
  const KINDS = [resources.filter((r) => r.lifecycle), ...resources.map(referTo)].map((kind) =>
    kind.map((r) => r.name),
  );

  function incompleteLists(all: readonly string[], named: (text: string) => string[], kinds: string[][] = []) {
    return PASSAGES.filter(({ text }) => !NOT_LISTS.some((fragment) => text.includes(fragment))).flatMap(
      ({ where, text }) => {
        const found = named(text);
        if (found.length < 3 || found.length === all.length || kinds.some((kind) => sameSet(kind, found))) return [];
        const missing = all.filter((name) => !found.includes(name));
        return [`${where}: names ${found.join(', ')} but not ${missing.join(', ')}: "${text.slice(0, 120)}"`];
      },
    );
  }

  it('the resources, and so the scopes and collections', () => {
    const named = (text: string) => NAMES.filter((name) => namesResource(name).test(text));
    expect(incompleteLists(NAMES, named, KINDS)).toEqual([]);
  });

  it('the id prefixes', () => {
    const prefixes = resources.map((r) => r.idPrefix);
    const named = (text: string) => prefixes.filter((prefix) => text.includes(`\`${prefix}\``));
    expect(incompleteLists(prefixes, named)).toEqual([]);
  });

  it('a row for each resource, in a table of them', () => {
    // A row of a resource: its first cell is the resource, as `tickets` or "store orders".
    const isRowOf = (name: string, first: string) =>
      new RegExp(`^(\\w+ )?${escape(name)}$`, 'i').test(first.replace(/[`*]/g, ''));
    const incomplete = TABLES.flatMap(({ where, rows }) => {
      const named = NAMES.filter((name) => rows.some(([first]) => isRowOf(name, first)));
      const missing = NAMES.filter((name) => !named.includes(name));
      return named.length >= 3 && missing.length
        ? [`${where}: a table of resources without ${missing.join(', ')}`]
        : [];
    });
    expect(incomplete).toEqual([]);
  });
});

describe('the table of all events (docs/events.md)', () => {
  it("has every event of the catalog, in the catalog's order, with its scope and data fields", () => {
    const table = TABLES.find(({ rows }) => rows[0][0] === 'Event' && rows[0][1] === 'Scope');
    expect(table, 'a table headed | Event | Scope | ...').toBeDefined();
    const documented = table!.rows.slice(1).map(([event, scope, , data]) => ({
      name: event.replace(/`/g, ''),
      scope: scope.replace(/`/g, ''),
      fields: [...data.matchAll(/(?:^|, )`(\w+)`/g)].map((match) => match[1]),
    }));
    const published = catalog.published().map(({ name, scope, schema }) => ({
      name,
      scope,
      fields: Object.keys(schema.properties as object),
    }));
    expect(documented).toEqual(published);
  });
});

describe('docs/check.md', () => {
  it('has a section for every check, in the order they run', () => {
    const text = readFileSync(new URL('../../docs/check.md', import.meta.url), 'utf8');
    const sections = [...text.matchAll(/^### (\S+)$/gm)].map((match) => match[1]);
    expect(sections).toEqual(CHECKS.map(({ id }) => id));
  });
});
