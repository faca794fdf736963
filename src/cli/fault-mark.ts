import type { AuditEntry } from '../audit/audit-log.js';
import { color } from './output.js';

/** ` fault flt_1: status 503`, for a call a fault rule touched. */
export const faultMark = (entry: AuditEntry): string =>
  entry.faults ? ' ' + color.magenta(`fault ${entry.faults.map((f) => `${f.rule}: ${f.effect}`).join(', ')}`) : '';
