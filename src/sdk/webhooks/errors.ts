/** Why a delivery was refused by `parseWebhook`. */
export type WebhookRejection = 'missing_signature' | 'bad_signature' | 'malformed_body' | 'wrong_app' | 'replayed';

/** The answer a receiver should give for each reason (`webhookHandler` gives it). */
const STATUS: Record<WebhookRejection, number> = {
  missing_signature: 401,
  bad_signature: 401,
  wrong_app: 401,
  malformed_body: 400,
  // Already handled: a 2xx stops the platform from retrying (docs/templates.md#replays-and-retries).
  replayed: 200,
};

/** Thrown by `parseWebhook` when a delivery must not be acted upon. */
export class WebhookVerificationError extends Error {
  /** The HTTP status to answer with: 401, 400, or 200 for a delivery already handled. */
  readonly statusCode: number;

  constructor(
    readonly reason: WebhookRejection,
    message: string,
  ) {
    super(message);
    this.name = 'WebhookVerificationError';
    this.statusCode = STATUS[reason];
  }
}
