import type { TObject, TProperties } from '@sinclair/typebox';
import { fromCents, lineCents, toCents } from '../money.js';
import { requireReference, type ResourceContext } from '../resource.js';
import { products } from './products.js';
import { id, money, nullable, strict } from '../schema.js';

/** A line of an invoice or an order as a body gives it. */
export interface LineInput {
  description: string;
  quantity: number;
  unitPrice: number;
  productId?: string | null;
}

/**
 * The schema of a line as `priceLines` stores it: the input line's fields, with `productId` null when
 * none was given and the computed `amount`, all of them always present.
 */
export const pricedLineSchema = <P extends TProperties>(line: TObject<P>) =>
  strict({ ...omitPriced(line.properties), productId: nullable(id(products.idPrefix)), amount: money });

/** The input line's own fields, without those a priced line says itself. */
function omitPriced<P extends TProperties>(properties: P): Omit<P, 'productId' | 'amount'> {
  const { productId: _productId, amount: _amount, ...rest } = properties;
  return rest;
}

export interface PricedLine {
  description: string;
  quantity: number;
  unitPrice: number;
  productId: string | null;
  amount: number;
}

/** Prices invoice and order lines: `amount` = quantity x unitPrice to the cent; products must exist. */
export function priceLines(
  items: readonly LineInput[],
  ctx: ResourceContext,
  field: string,
): { lines: PricedLine[]; subtotalCents: number } {
  const lines = items.map(({ description, quantity, unitPrice, productId }, i) => {
    requireReference(ctx, `${field}[${i}].productId`, products, productId);
    const amount = fromCents(lineCents({ quantity, unitPrice }));
    return { description, quantity, unitPrice, productId: productId ?? null, amount };
  });
  return { lines, subtotalCents: lines.reduce((sum, line) => sum + toCents(line.amount), 0) };
}
