import {
  RemovalConfirmationRequest,
  type RemovalConfirmationResult,
  RemovalMessages,
  type RemovalOptOutResult,
  RemovalRequestAccepted,
  RemovalRequestForm,
} from '@healthtal/contracts';
import { PersonalDataKeys } from '@healthtal/eventstore';
import type pg from 'pg';
import type { ApiDependencies, ApiServices } from '../dependencies';
import { serveAdminList, serveAdminRecord } from '../http/admin-resource';
import type { RouteRegistrar } from '../http/routes';
import { parseBody } from '../http/validate';
import { OutboxMailer } from '../mail/mailer';
import { clientOf } from '../shared/client-address';
import { commandContext } from '../shared/idempotency';
import { anonymousWriteChecks, type RateRule } from '../shared/rate-limit';
import { RemovalRequestJobs } from './removal-request-jobs';
import { findRemovalRequest, listRemovalRequests } from './removal-requests.queries';
import { confirmRemoval, optOutByRemovalLink, type RemovalDependencies, requestRemoval } from './removals';

/**
 * Ours (the spec names none). Confirmation mails to one address are capped, not requests: past the
 * cap the answer is the same and nothing is mailed, so an outsider asking about someone cannot
 * keep that person from asking (the links already mailed to them stay good for days).
 */
const RATE_RULES = {
  mailsPerEmail: { name: 'removal:email', limit: 3, windowSeconds: 60 * 60 },
  confirmPerClient: { name: 'removal-confirm:client', limit: 30, windowSeconds: 60 * 60 },
} satisfies Record<string, RateRule>;

/** Without the store's own keys the row is still deleted; see the same fallback in users.routes.ts. */
const eraseKeyRow = (pool: pg.Pool) => async (subject: string) => {
  await new PersonalDataKeys(pool).erase(subject);
};

/** Remove My Information (public) and the console's list of removal requests. */
export function removalRequestRoutes(
  routes: RouteRegistrar,
  deps: Pick<ApiDependencies, 'pool' | 'store' | 'erasePersonalData' | 'logger' | 'mailer' | 'settings'> &
    ApiServices,
) {
  const { pool, rateLimiter: limiter } = deps;
  const removals: RemovalDependencies = {
    pool,
    store: deps.store,
    mailer: deps.mailer ?? new OutboxMailer(pool),
    publicUrl: deps.settings.publicUrl,
    erasePersonalData: deps.erasePersonalData ?? eraseKeyRow(pool),
  };
  const accepted = RemovalRequestAccepted.parse({ message: RemovalMessages.requestReceived });
  const jobs = new RemovalRequestJobs(
    pool,
    (email, context) => requestRemoval(removals, email, context),
    deps.logger,
  );
  // Requests left waiting by a stop are handled once the server is up again.
  setImmediate(() => jobs.kick());

  routes.route('POST /api/v1/removal-requests', async (req, res) => {
    const { email } = parseBody(RemovalRequestForm, req);
    await limiter.hit(anonymousWriteChecks('removal', req.ip));
    // Only stored here: the lookup and the mail run after the answer, so the answer takes the same
    // time whether or not the address is in the directory, and says the same (202 either way).
    if (await limiter.take({ rule: RATE_RULES.mailsPerEmail, key: email })) {
      await jobs.enqueue(email, commandContext(req));
      res.on('finish', () => jobs.kick());
    }
    res.status(202).json(accepted);
  });

  routes.route('POST /api/v1/removal-requests/confirm', async (req, res) => {
    const { token } = parseBody(RemovalConfirmationRequest, req);
    await limiter.hit([{ rule: RATE_RULES.confirmPerClient, key: clientOf(req.ip) }]);
    await confirmRemoval(removals, token, commandContext(req));
    const body: RemovalConfirmationResult = { removed: true, message: RemovalMessages.removed };
    res.json(body);
  });

  // The same link's other choice: no more recruiting email, nothing erased (ADR 0068).
  routes.route('POST /api/v1/removal-requests/opt-out', async (req, res) => {
    const { token } = parseBody(RemovalConfirmationRequest, req);
    await limiter.hit([{ rule: RATE_RULES.confirmPerClient, key: clientOf(req.ip) }]);
    await optOutByRemovalLink(removals, token, commandContext(req));
    const body: RemovalOptOutResult = { optedOut: true, message: RemovalMessages.optedOut };
    res.json(body);
  });

  serveAdminList(routes, 'removal-requests', (page, filter) => listRemovalRequests(pool, page, filter));
  serveAdminRecord(routes, 'removal-requests', (id) => findRemovalRequest(pool, id));
}
