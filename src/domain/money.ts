/** Money is computed in integer cents and reported as numbers with two decimals, so totals add up. */
export const toCents = (amount: number): number => Math.round(amount * 100);
export const fromCents = (cents: number): number => cents / 100;

export interface PricedLine {
  quantity: number;
  unitPrice: number;
}

export const lineCents = ({ quantity, unitPrice }: PricedLine): number => Math.round(quantity * unitPrice * 100);
