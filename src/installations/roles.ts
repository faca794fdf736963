/**
 * The roles a user of an organization has. The platform's own list is not shown (spec 1, 5.2 rule
 * 4); these are the ones accounting services commonly have, from the most trusted down
 * (docs/installations.md#roles).
 */
export const ROLES = ['admin', 'accountant', 'staff', 'viewer'] as const;

export type Role = (typeof ROLES)[number];

/** What each role is for, as the host page and docs say it. */
export const ROLE_WORDS: Readonly<Record<Role, string>> = {
  admin: 'runs the organization: installs add-ons, grants their scopes and chooses who may use them',
  accountant: 'keeps the books: every record, reports and reconciliation',
  staff: 'day-to-day work: sales, purchases and the records they touch',
  viewer: 'reads the books, changes nothing',
};

export const isRole = (value: string): value is Role => (ROLES as readonly string[]).includes(value);
