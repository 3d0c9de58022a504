import {
  type AiEmailAnswer,
  EMAIL_DEFAULTS,
  type EmailGenerator,
  type GenerateEmailRequest,
  OutreachMessages,
  type PositionType,
} from '@healthtal/contracts';
import type { Logger } from 'pino';
import { positionTypeOf } from '../directory/job-match/rules-extractor';
import { HttpProblem } from '../shared/problem';

/** The generator's form with its position type settled: what a writer writes from. */
export type EmailForm = Omit<GenerateEmailRequest, 'positionType'> & { positionType: PositionType };

/**
 * The recruiter's position type; when they chose none, the one the job title and description name,
 * read as a pasted posting is (issue 35: a "13-week travel contract" is contract, not full-time);
 * full-time when they name none.
 */
export function withPositionType(request: GenerateEmailRequest): EmailForm {
  const read = positionTypeOf(`${request.jobTitle}\n${request.jobDescription}`)?.value;
  return { ...request, positionType: request.positionType ?? read ?? EMAIL_DEFAULTS.positionType };
}

/** Writes one outreach email from the generator's form. */
export interface EmailWriter {
  /** Said in every answer, so nobody mistakes the built-in writer for the model. */
  readonly kind: EmailGenerator;
  /** `log` is the request's logger, so a failure's log line carries the request id. */
  write(request: EmailForm, log?: Logger): Promise<AiEmailAnswer>;
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
