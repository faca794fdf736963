import type { ResourceDefinition } from '../resource.js';
import { customers } from './customers.js';
import { expenses } from './expenses.js';
import { invoices } from './invoices.js';
import { orders } from './orders.js';
import { products } from './products.js';
import { tickets } from './tickets.js';

/** Every business resource the emulated API serves, in the order the docs list them. */
export const RESOURCES: readonly ResourceDefinition[] = [customers, invoices, products, expenses, tickets, orders];
