import { SequenceMessages, UnsubscribeQuery, type UnsubscribeResult } from '@healthtal/contracts';
import type { Request } from 'express';
import type { ApiDependencies } from '../../dependencies';
import type { RouteRegistrar } from '../../http/routes';
import type { Clock } from '../../shared/clock';
import type { CommandContext } from '../../shared/command-handler';
import { uuidFromName } from '../../shared/ids';
import { HttpProblem } from '../../shared/problem';
import { optOutClinician } from './opt-out';
import { unsubscribeKeyOf } from './sequence-delivery';
import { candidateOfUnsubscribeToken } from './unsubscribe-token';

const invalidLink = () =>
  new HttpProblem(400, 'Invalid unsubscribe link', SequenceMessages.unsubscribeInvalid, {
    token: SequenceMessages.unsubscribeInvalid,
  });

const page = (body: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Unsubscribe from recruiting email · HealthTal</title></head>
<body style="font-family: system-ui, sans-serif; max-width: 36rem; margin: 3rem auto; padding: 0 1rem">${body}</body></html>`;

/**
 * The unsubscribe link of every sequence email (RFC 8058). A mail client's one-click POST, or the
 * button of the page a person opens, records a global opt-out on the clinician's contact stream and
 * stops every customer's enrolments to them. A GET changes nothing: link scanners open links.
 */
export function unsubscribeRoutes(
  routes: RouteRegistrar,
  deps: Pick<ApiDependencies, 'pool' | 'store'> & { clock: Clock },
) {
  const { pool } = deps;
  let key: Promise<Buffer> | null = null;
  const candidateOf = async (req: Request) => {
    const parsed = UnsubscribeQuery.safeParse(req.query);
    if (!parsed.success) throw invalidLink();
    key ??= unsubscribeKeyOf(pool);
    const candidateId = candidateOfUnsubscribeToken(await key, parsed.data.token);
    if (!candidateId) throw invalidLink();
    return { candidateId, token: parsed.data.token };
  };

  routes.route('GET /api/v1/unsubscribe', async (req, res) => {
    const { token } = await candidateOf(req);
    res.type('html').send(
      page(`<h1>Unsubscribe from recruiting email</h1>
<p>Recruiters using HealthTal will not email you again, from any company.</p>
<form method="post" action="/api/v1/unsubscribe?token=${encodeURIComponent(token)}">
<button type="submit">Unsubscribe</button></form>`),
    );
  });

  routes.route('POST /api/v1/unsubscribe', async (req, res) => {
    const { candidateId } = await candidateOf(req);
    const context: CommandContext = {
      // Once per clinician: a second click (or the mail client and the person both) adds nothing.
      commandId: uuidFromName(`unsubscribe/${candidateId}`),
      correlationId: String(req.id),
      now: deps.clock.now(),
    };
    await optOutClinician(deps, candidateId, 'one-click', context);
    if (req.accepts(['json', 'html']) === 'html') {
      res.type('html').send(page(`<h1>Unsubscribed</h1><p>${SequenceMessages.unsubscribed}</p>`));
      return;
    }
    const body: UnsubscribeResult = { message: SequenceMessages.unsubscribed };
    res.json(body);
  });
}
