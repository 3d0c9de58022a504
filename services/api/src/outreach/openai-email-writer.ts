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
};

/** Structured output: the model is held to this JSON schema, derived from the contract's zod schema. */
const RESPONSE_FORMAT = zodResponseFormat(AiEmailAnswer, 'outreach_email');

/** The generator through the `openai` SDK's Chat Completions call. */
export class OpenAiEmailWriter implements EmailWriter {
  readonly kind = 'openai' as const;
  private readonly client: OpenAI;

  constructor(
    private readonly settings: OpenAiSettings,
    private readonly logger: Logger,
  ) {
    this.client = new OpenAI({
      apiKey: settings.apiKey,
      ...(settings.baseUrl ? { baseURL: settings.baseUrl } : {}),
      // A recruiter is waiting on the button: one quick retry, then the error.
      maxRetries: 1,
      timeout: 60_000,
    });
  }

  async write(request: GenerateEmailRequest) {
    const content = await this.complete(request);
    const answer = parseAnswer(content);
    if (!answer) {
      this.logger.warn({ model: this.settings.model }, 'AI answer was not a subject and a body');
      throw EmailGenerationFailed.invalidResponse();
    }
    if (leaksInstructions(answer)) {
      this.logger.warn({ model: this.settings.model }, 'AI answer repeated the system prompt; refused');
      throw EmailGenerationFailed.invalidResponse();
    }
    return answer;
  }

  private async complete(request: GenerateEmailRequest): Promise<string | null> {
    try {
      const completion = await this.client.chat.completions.create({
        model: this.settings.model,
        messages: [
          { role: 'system', content: SYSTEM_PROMPT },
          { role: 'user', content: userMessage(request) },
        ],
        response_format: RESPONSE_FORMAT,
      });
      const message = completion.choices[0]?.message;
      return message?.refusal ? null : (message?.content ?? null);
    } catch (error) {
      throw this.upstreamFailure(error);
    }
  }

  private upstreamFailure(error: unknown): EmailGenerationFailed {
    this.logger.warn({ err: error, model: this.settings.model }, 'AI service call failed');
    if (error instanceof OpenAI.AuthenticationError || error instanceof OpenAI.PermissionDeniedError)
      return EmailGenerationFailed.notConfigured();
    if (error instanceof OpenAI.APIConnectionError)
      return EmailGenerationFailed.functionError('the AI service could not be reached.');
    if (error instanceof OpenAI.APIError && error.status !== undefined)
      return EmailGenerationFailed.functionError(`the AI service answered with status ${error.status}.`);
    return EmailGenerationFailed.functionError('the AI service call failed.');
  }
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
