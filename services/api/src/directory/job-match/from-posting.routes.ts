import { JobPostingRequest } from '@healthtal/contracts';
import type { ApiDependencies, ApiServices } from '../../dependencies';
import type { RouteRegistrar } from '../../http/routes';
import { parseBody } from '../../http/validate';
import type { RateRule } from '../../shared/rate-limit';
import { type PostingReader, postingReaderOf } from './posting-reader';

/** A reading by the model costs money, as an email does: the same allowance, its own counter. */
export const READ_POSTING_PER_USER: RateRule = {
  name: 'posting-read:user',
  limit: 20,
  windowSeconds: 10 * 60,
};

/**
 * `POST /api/v1/search/from-posting` (issue 35): a pasted job posting in, the search it proposes
 * out, each value with the words it came from; the screen shows them as chips before searching.
 * The model when an AI key is configured, the built-in reader otherwise.
 */
export function fromPostingRoutes(
  routes: RouteRegistrar,
  deps: Pick<ApiDependencies, 'settings' | 'logger'> & ApiServices & { postingReader?: PostingReader },
) {
  const reader = deps.postingReader ?? postingReaderOf(deps.settings.openai, deps.logger);
  routes.route('POST /api/v1/search/from-posting', async (req, res) => {
    const { text } = parseBody(JobPostingRequest, req);
    if (reader.kind === 'openai' && req.principal?.kind === 'user')
      await deps.rateLimiter.hit([{ rule: READ_POSTING_PER_USER, key: req.principal.userId }]);
    res.json(await reader.read(text, req.log));
  });
}
