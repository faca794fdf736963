/**
 * Errors that are the caller's fault. ApiError travels through the HTTP layer and is serialised in
 * one place (api/error-body.ts); UserError is what the CLI prints as one line without a stack.
 */
export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export class UserError extends Error {
  constructor(
    message: string,
    readonly exitCode = 1,
    /** The stable code it answers with over HTTP (a file read by the emulator); `invalid_request` by default. */
    readonly code = 'invalid_request',
  ) {
    super(message);
    this.name = 'UserError';
  }
}

export const notFound = (what: string, id: string, where = ' in this organization'): ApiError =>
  new ApiError(404, 'not_found', `${what} ${id} does not exist${where}`);

export interface FieldProblem {
  field: string;
  message: string;
}

/**
 * The one error body, for every status (docs/api.md), as the emulator answers it and the SDK reads
 * it: `error` is the HTTP reason phrase, `code` a stable machine-readable reason, and details such as
 * `requiredScope`/`grantedScopes` (403) or `details: ValidationDetail[]` (400) sit beside them.
 */
export interface ErrorBody {
  statusCode: number;
  error: string;
  code: string;
  message: string;
  [detail: string]: unknown;
}

/** Where a request's fields are. */
export type RequestPart = 'body' | 'querystring' | 'params';

/** One problem of a `400 validation_failed`; `field` is `name`, `address.country`, `lineItems[0].quantity`, or `""` for the whole part. */
export interface ValidationDetail extends FieldProblem {
  in: RequestPart;
}

/**
 * The 400 of fields at fault: a schema's findings (api/error-body.ts) and the rules checked after it
 * answer in this one shape.
 */
export const invalid = (problems: FieldProblem[], where: RequestPart = 'body'): ApiError =>
  new ApiError(
    400,
    'validation_failed',
    `invalid ${where}: ${problems.map((p) => `${p.field} ${p.message}`.trim()).join('; ')}`,
    { details: problems.map((p): ValidationDetail => ({ in: where, ...p })) },
  );

/** "a customer", "an invoice". */
export const withArticle = (noun: string): string => `${/^[aeiou]/i.test(noun) ? 'an' : 'a'} ${noun}`;
