import { AiEmailAnswer } from '@healthtal/contracts';
import { zodResponseFormat } from 'openai/helpers/zod';
import type { Logger } from 'pino';
import { type EmailForm, EmailGenerationFailed, type EmailWriter } from './email-writer';
import { jsonOf, OpenAiChat, type OpenAiSettings } from './openai-chat';
import { leaksInstructions, SYSTEM_PROMPT, userMessage } from './outreach-prompt';

export { DEFAULT_OPENAI_TIMEOUT_MS, type OpenAiSettings } from './openai-chat';

/** Structured output: the model is held to this JSON schema, derived from the contract's zod schema. */
const RESPONSE_FORMAT = zodResponseFormat(AiEmailAnswer, 'outreach_email');

/** The generator through the `openai` SDK's Chat Completions call (budget and errors: openai-chat.ts). */
export class OpenAiEmailWriter implements EmailWriter {
  readonly kind = 'openai' as const;
  private readonly chat: OpenAiChat;

  constructor(
    private readonly settings: OpenAiSettings,
    private readonly logger: Logger,
  ) {
    this.chat = new OpenAiChat(settings);
  }

  async write(request: EmailForm, log: Logger = this.logger) {
    const content = await this.chat.complete(
      [
        { role: 'system', content: SYSTEM_PROMPT },
        { role: 'user', content: userMessage(request) },
      ],
      RESPONSE_FORMAT,
      log,
    );
    const parsed = AiEmailAnswer.safeParse(jsonOf(content));
    if (!parsed.success) {
      log.warn({ model: this.settings.model }, 'AI answer was not a subject and a body');
      throw EmailGenerationFailed.invalidResponse();
    }
    if (leaksInstructions(parsed.data)) {
      log.warn({ model: this.settings.model }, 'AI answer repeated the system prompt; refused');
      throw EmailGenerationFailed.invalidResponse();
    }
    return parsed.data;
  }
}
