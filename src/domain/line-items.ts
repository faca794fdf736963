import { fromCents, lineCents, toCents } from './money.js';
import type { Fields, ResourceContext } from './resource.js';
import { requireReference } from './resource.js';
import { id, money, nullable, type JsonSchema } from './schema.js';

/**
 * The schema of a line as `priceLines` stores it: the input line's fields, with `productId` null when
 * none was given and the computed `amount`, all of them always present.
 */
export function pricedLineSchema(input: JsonSchema): JsonSchema {
  const properties = { ...(input.properties as object), productId: nullable(id('prod')), amount: money };
  return { ...input, properties, required: Object.keys(properties) };
}

export interface PricedLines {
  lines: Array<{ description: unknown; quantity: number; unitPrice: number; productId: unknown; amount: number }>;
  subtotalCents: number;
}

/** Prices invoice and order lines: `amount` = quantity x unitPrice to the cent; products must exist. */
export function priceLines(items: Fields[], ctx: ResourceContext, field: string): PricedLines {
  const lines = items.map((item, i) => {
    requireReference(ctx, `${field}[${i}].productId`, 'products', item.productId);
    const priced = { quantity: item.quantity as number, unitPrice: item.unitPrice as number };
    return {
      description: item.description,
      ...priced,
      productId: item.productId ?? null,
      amount: fromCents(lineCents(priced)),
    };
  });
  return { lines, subtotalCents: lines.reduce((sum, line) => sum + toCents(line.amount), 0) };
}
