import { ContactedCandidates, ContactedQuery } from '@healthtal/contracts';
import type { RouteDoc } from '../../http/route-doc';
import type { PolicyRoute } from '../../policy';

/** "Contacted by you", as the OpenAPI document describes it (the console's lists are the registry's). */
export const sequenceContactRouteDocs = {
  'GET /api/v1/sequences/contacted': {
    summary:
      'Of a page of candidates, those the caller mailed through a sequence (when last) or who opted out of recruiting email.',
    description:
      'One call per results page, not per card. Candidates neither contacted by the caller nor opted out are left out.',
    tags: ['outreach'],
    query: ContactedQuery,
    responses: { 200: ContactedCandidates },
  },
} satisfies Partial<Record<PolicyRoute, RouteDoc>>;
