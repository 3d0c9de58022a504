import {
  type AiEmailAnswer,
  type EmailGenerator,
  type GenerateEmailRequest,
  OutreachMessages,
} from '@healthtal/contracts';
import type { Logger } from 'pino';
import { HttpProblem } from '../shared/problem';

/** Writes one outreach email from the generator's form. */
export interface EmailWriter {
  /** Said in every answer, so nobody mistakes the built-in writer for the model. */
  readonly kind: EmailGenerator;
  /** `log` is the request's logger, so a failure's log line carries the request id. */
  write(request: GenerateEmailRequest, log?: Logger): Promise<AiEmailAnswer>;
}

/**
 * The generator's failures, worded as the spec's error mapping reads them (§8 "Email generation"):
 * the web app shows "Function error…" details as they are and maps the others to their texts.
 */
export class EmailGenerationFailed extends HttpProblem {
  private constructor(
    status: number,
    detail: string,
    /** Sent as Retry-After by the problem handler. */
    readonly retryAfterSeconds?: number,
  ) {
    super(status, OutreachMessages.generationFailedTitle, detail);
  }

  /** The model answered, but not with a subject and a body. */
  static invalidResponse = () => new EmailGenerationFailed(502, OutreachMessages.invalidResponse);

  /** The AI service refused our key (missing, wrong or revoked): an operator has to fix it. */
  static notConfigured = () => new EmailGenerationFailed(503, OutreachMessages.notConfigured);

  /** The AI service failed or could not be reached; `reason` is ours, never the upstream's text. */
  static functionError = (reason: string) =>
    new EmailGenerationFailed(502, `${OutreachMessages.functionErrorPrefix}: ${reason}`);

  /** The AI service did not answer within our budget: the recruiter may simply try again. */
  static timedOut = () => new EmailGenerationFailed(504, OutreachMessages.timedOut);

  /** The AI service is rate-limiting us: nothing is wrong with the request, come back later. */
  static busy = (retryAfterSeconds: number) =>
    new EmailGenerationFailed(503, OutreachMessages.busy, retryAfterSeconds);
}
