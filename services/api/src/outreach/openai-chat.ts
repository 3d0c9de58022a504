import OpenAI from 'openai';
import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import type { Logger } from 'pino';
import { EmailGenerationFailed } from './email-writer';

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

/** A structured-output response format (`zodResponseFormat`: json_schema, strict). */
export type JsonResponseFormat = {
  type: 'json_schema';
  json_schema: { name: string; strict?: boolean | null; schema?: Record<string, unknown> };
};

/**
 * One Chat Completions call within the AI budget, with the email generator's error handling: the
 * email writer and the job-posting reader both go through it, so both fail the same way (a timeout is
 * a 504, a 429 a 503 with Retry-After, a refused key "not configured").
 */
export class OpenAiChat {
  private readonly client: OpenAI;
  readonly budgetMs: number;

  constructor(readonly settings: OpenAiSettings) {
    this.budgetMs = settings.timeoutMs ?? DEFAULT_OPENAI_TIMEOUT_MS;
    this.client = new OpenAI({
      apiKey: settings.apiKey,
      ...(settings.baseUrl ? { baseURL: settings.baseUrl } : {}),
      // The SDK would retry a timeout and a 429 too, past our budget: `complete` decides retries.
      maxRetries: 0,
      timeout: this.budgetMs,
    });
  }

  /**
   * A recruiter is waiting on the button: the whole call, retry included, fits the budget. A failed
   * or unreachable service gets one quick retry; a timeout (the budget is spent) and a 429 (it told
   * us to wait) get none.
   *
   * The budget is one AbortSignal over everything, the answer's body included: the SDK's own
   * `timeout` stops at the headers, and a body that stalls after them was held by undici's 300 s
   * body timeout (issue 32). The answer's text, or null when the model refused.
   */
  async complete(
    messages: ChatCompletionMessageParam[],
    responseFormat: JsonResponseFormat,
    log: Logger,
  ): Promise<string | null> {
    const budget = AbortSignal.timeout(this.budgetMs);
    const deadline = Date.now() + this.budgetMs;
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.completeOnce(messages, responseFormat, budget);
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

  private async completeOnce(
    messages: ChatCompletionMessageParam[],
    responseFormat: JsonResponseFormat,
    signal: AbortSignal,
  ): Promise<string | null> {
    const completion = await this.client.chat.completions.create(
      { model: this.settings.model, messages, response_format: responseFormat },
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

/** A model's text as JSON, or undefined when it is none. */
export function jsonOf(content: string | null): unknown {
  if (content === null) return undefined;
  try {
    return JSON.parse(content);
  } catch {
    return undefined;
  }
}
