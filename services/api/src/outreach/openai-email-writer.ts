import { AiEmailAnswer, type GenerateEmailRequest } from '@healthtal/contracts';
import OpenAI from 'openai';
import { zodResponseFormat } from 'openai/helpers/zod';
import type { Logger } from 'pino';
import { EmailGenerationFailed, type EmailWriter } from './email-writer';
import { leaksInstructions, SYSTEM_PROMPT, userMessage } from './outreach-prompt';

export type OpenAiSettings = {
  apiKey: string;
  /** Any server that speaks the Chat Completions API (OpenAI, Azure-compatible proxies, Ollama, vLLM…). */
  baseUrl?: string;
  model: string;
  /** The whole call's budget, retry included (OPENAI_TIMEOUT_MS; 20 s when not set). */
  timeoutMs?: number;
};

export const DEFAULT_OPENAI_TIMEOUT_MS = 20_000;

/** Retry-After for a 429 that does not say when to come back. */
const DEFAULT_RETRY_AFTER_SECONDS = 30;

/** A retry that would get less than this of the budget is not worth starting. */
const MIN_RETRY_BUDGET_MS = 1_000;

/** Structured output: the model is held to this JSON schema, derived from the contract's zod schema. */
const RESPONSE_FORMAT = zodResponseFormat(AiEmailAnswer, 'outreach_email');

/** The generator through the `openai` SDK's Chat Completions call. */
export class OpenAiEmailWriter implements EmailWriter {
  readonly kind = 'openai' as const;
  private readonly client: OpenAI;
  private readonly budgetMs: number;

  constructor(
    private readonly settings: OpenAiSettings,
    private readonly logger: Logger,
  ) {
    this.budgetMs = settings.timeoutMs ?? DEFAULT_OPENAI_TIMEOUT_MS;
    this.client = new OpenAI({
      apiKey: settings.apiKey,
      ...(settings.baseUrl ? { baseURL: settings.baseUrl } : {}),
      // The SDK would retry a timeout and a 429 too, past our budget: `complete` decides retries.
      maxRetries: 0,
      timeout: this.budgetMs,
    });
  }

  async write(request: GenerateEmailRequest, log: Logger = this.logger) {
    const content = await this.complete(request, log);
    const answer = parseAnswer(content);
    if (!answer) {
      log.warn({ model: this.settings.model }, 'AI answer was not a subject and a body');
      throw EmailGenerationFailed.invalidResponse();
    }
    if (leaksInstructions(answer)) {
      log.warn({ model: this.settings.model }, 'AI answer repeated the system prompt; refused');
      throw EmailGenerationFailed.invalidResponse();
    }
    return answer;
  }

  /**
   * A recruiter is waiting on the button: the whole call, retry included, fits the budget. A failed
   * or unreachable service gets one quick retry; a timeout (the budget is spent) and a 429 (it told
   * us to wait) get none.
   *
   * The budget is one AbortSignal over everything, the answer's body included: the SDK's own
   * `timeout` stops at the headers, and a body that stalls after them was held by undici's 300 s
   * body timeout (issue 32).
   */
  private async complete(request: GenerateEmailRequest, log: Logger): Promise<string | null> {
    const budget = AbortSignal.timeout(this.budgetMs);
    const deadline = Date.now() + this.budgetMs;
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.completeOnce(request, budget);
      } catch (error) {
        const remaining = deadline - Date.now();
        if (attempt === 1 && isWorthRetrying(error) && !budget.aborted && remaining >= MIN_RETRY_BUDGET_MS) {
          log.warn({ err: error, model: this.settings.model }, 'AI service call failed; retrying once');
          continue;
        }
        throw this.upstreamFailure(error, budget.aborted, log);
      }
    }
  }

  private async completeOnce(request: GenerateEmailRequest, signal: AbortSignal): Promise<string | null> {
    const completion = await this.client.chat.completions.create(
      {
        model: this.settings.model,
        messages: [
          { role: 'system', content: SYSTEM_PROMPT },
          { role: 'user', content: userMessage(request) },
        ],
        response_format: RESPONSE_FORMAT,
      },
      { signal },
    );
    const message = completion.choices[0]?.message;
    return message?.refusal ? null : (message?.content ?? null);
  }

  private upstreamFailure(error: unknown, budgetSpent: boolean, log: Logger): EmailGenerationFailed {
    const context = { err: error, model: this.settings.model };
    if (budgetSpent || error instanceof OpenAI.APIConnectionTimeoutError) {
      log.warn({ ...context, budgetMs: this.budgetMs }, 'AI service did not answer in time');
      return EmailGenerationFailed.timedOut();
    }
    if (error instanceof OpenAI.RateLimitError) {
      const retryAfterSeconds = retryAfterOf(error.headers);
      log.warn({ ...context, retryAfterSeconds }, 'AI service is rate-limiting us');
      return EmailGenerationFailed.busy(retryAfterSeconds);
    }
    log.warn(context, 'AI service call failed');
    if (error instanceof OpenAI.AuthenticationError || error instanceof OpenAI.PermissionDeniedError)
      return EmailGenerationFailed.notConfigured();
    if (error instanceof OpenAI.APIConnectionError)
      return EmailGenerationFailed.functionError('the AI service could not be reached.');
    if (error instanceof OpenAI.APIError && error.status !== undefined)
      return EmailGenerationFailed.functionError(`the AI service answered with status ${error.status}.`);
    return EmailGenerationFailed.functionError('the AI service call failed.');
  }
}

/** A 5xx or a connection that failed outright may go better a second time; anything else will not. */
function isWorthRetrying(error: unknown): boolean {
  if (error instanceof OpenAI.APIConnectionTimeoutError) return false;
  if (error instanceof OpenAI.APIConnectionError) return true;
  return error instanceof OpenAI.APIError && error.status !== undefined && error.status >= 500;
}

/** OpenAI's own wait (retry-after-ms, or retry-after in seconds or as a date), in whole seconds. */
function retryAfterOf(headers: Headers | undefined): number {
  const milliseconds = Number(headers?.get('retry-after-ms'));
  if (Number.isFinite(milliseconds) && milliseconds > 0) return Math.ceil(milliseconds / 1000);
  const value = headers?.get('retry-after');
  if (value) {
    const seconds = Number(value);
    if (Number.isFinite(seconds) && seconds > 0) return Math.ceil(seconds);
    const until = Date.parse(value) - Date.now();
    if (Number.isFinite(until) && until > 0) return Math.ceil(until / 1000);
  }
  return DEFAULT_RETRY_AFTER_SECONDS;
}

/** The model's text as the contract's answer, or null when it is not JSON with a subject and a body. */
function parseAnswer(content: string | null) {
  if (content === null) return null;
  let json: unknown;
  try {
    json = JSON.parse(content);
  } catch {
    return null;
  }
  const parsed = AiEmailAnswer.safeParse(json);
  return parsed.success ? parsed.data : null;
}
