import { ContactedQuery } from '@healthtal/contracts';
import type pg from 'pg';
import { serveAdminList, serveAdminRecord } from '../../http/admin-resource';
import type { RouteRegistrar } from '../../http/routes';
import { parseQuery } from '../../http/validate';
import { commandContext } from '../../shared/idempotency';
import { contactedBy, findOptOut, findSender, listOptOuts, listSenders } from './sequence-contacts.queries';

/**
 * Who sequences reached, read from the sequences read model (issue 36): the recruiter's "Contacted
 * by you on …" and "does not want recruiting email" for a page of results at once, and the console's
 * Outreach screen (each sender's counts, the global opt-outs). Registered before the sequence
 * routes: `/sequences/contacted` is not a sequence's id.
 */
export function sequenceContactRoutes(routes: RouteRegistrar, { pool }: { pool: pg.Pool }) {
  routes.route('GET /api/v1/sequences/contacted', async (req, res) => {
    const { candidateIds } = parseQuery(ContactedQuery, req);
    res.json(await contactedBy(pool, commandContext(req).userId!, candidateIds));
  });
  serveAdminList(routes, 'outreach-senders', (page, filter) => listSenders(pool, page, filter));
  serveAdminRecord(routes, 'outreach-senders', (id) => findSender(pool, id));
  serveAdminList(routes, 'clinician-opt-outs', (page, filter) => listOptOuts(pool, page, filter));
  serveAdminRecord(routes, 'clinician-opt-outs', (id) => findOptOut(pool, id));
}
