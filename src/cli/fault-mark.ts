import type { AuditEntry } from '../audit/audit-log.js';
import { color, type Palette } from './output.js';

/** ` fault flt_1: status 503`, for a call a fault rule touched. */
export const faultMark = (entry: AuditEntry, c: Palette = color): string =>
  entry.faults ? ' ' + c.magenta(`fault ${entry.faults.map((f) => `${f.rule}: ${f.effect}`).join(', ')}`) : '';
