import type { FastifyInstance } from 'fastify';
import { object } from '../domain/schema.js';
import type { Logger } from '../common/logger.js';
import type { AttemptReport, DisabledReport } from '../webhooks/dispatcher.js';
import type { Lease, LeaseOwner, LeaseRequest } from '../webhooks/leases.js';
import { MAX_URL_LENGTH } from '../installations/subscriptions.js';
import { openEventStream, type LiveEvent } from './sse.js';
import type { WebhookControlTarget } from './webhook-control.js';

/** What the lease routes drive (the emulator implements it). */
export interface LeaseControlTarget extends Pick<WebhookControlTarget, 'lease' | 'endLease'> {
  readonly settings: LeaseOwner;
  onEvent(listener: (event: LiveEvent) => void): () => void;
}

const hide = { hide: true };

/**
 * `addon listen`'s lease: `POST /leases` subscribes, and answers with a stream of what happens to
 * those subscriptions (`ready`, each `delivery` and `subscription-disabled`, `stopped`) for as long
 * as its connection lives. However that connection ends (the CLI's Ctrl-C, its kill -9, a closed
 * terminal), the emulator gives back what the lease held; `DELETE /leases/:id` ends it at once,
 * answering what was given back, and the stream says `stopped` and ends.
 */
export function leaseControlRoutes(app: FastifyInstance, target: LeaseControlTarget, logger: Logger): void {
  app.post<{ Body: LeaseRequest }>('/leases', {
    schema: {
      ...hide,
      body: object(
        {
          webhookUrl: { type: 'string', minLength: 1, maxLength: MAX_URL_LENGTH },
          events: {
            type: 'array',
            items: { type: 'string', minLength: 1, maxLength: 100 },
            minItems: 1,
            maxItems: 1000,
            uniqueItems: true,
          },
        },
        ['webhookUrl', 'events'],
      ),
    },
    handler: async (request, reply) => {
      const heard: LiveEvent[] = [];
      let tell = (event: LiveEvent): void => void heard.push(event);
      // From before the first subscription is made: no attempt to one goes untold.
      const stopHearing = target.onEvent((event) => {
        if (isHeldBy(event, target.settings, request.body)) tell(event);
      });
      const gone = new Promise<void>((resolve) => reply.raw.once('close', resolve));
      let lease: Lease;
      try {
        lease = await target.lease(request.body);
      } catch (error) {
        stopHearing();
        throw error;
      }
      const stream = openEventStream(reply, 'addon listen lease');
      stream.send('ready', lease.held);
      tell = ({ name, data }) => stream.send(name, data);
      heard.forEach(tell);
      // The connection is the lease: however it ends, what it held is given back.
      void gone.then(() => lease.end()).catch(() => {});
      lease.ended
        .then(
          (given) => stream.send('stopped', given),
          (error: unknown) => logger.error(`giving back the subscriptions to ${lease.held.webhookUrl} failed`, error),
        )
        .finally(() => {
          stopHearing();
          stream.end();
        });
    },
  });

  app.delete<{ Params: { id: string } }>('/leases/:id', {
    schema: { ...hide, params: object({ id: { type: 'string', maxLength: 64 } }, ['id']) },
    handler: async (request) => target.endLease(request.params.id),
  });
}

/** Whether a live happening is an attempt, or a disabled subscription, of the lease's events to its URL. */
function isHeldBy(event: LiveEvent, { appId, orgId }: LeaseOwner, { webhookUrl, events }: LeaseRequest): boolean {
  const subject =
    event.name === 'delivery'
      ? (event.data as AttemptReport).delivery
      : event.name === 'subscription-disabled'
        ? (event.data as DisabledReport)
        : null;
  return (
    subject !== null &&
    subject.appId === appId &&
    subject.orgId === orgId &&
    subject.webhookUrl === webhookUrl &&
    events.includes(subject.event)
  );
}
