import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for OpenAI's Chat Completions API (`POST /v1/chat/completions`), speaking its
 * wire format (a `chat.completion` object, errors as `{ error: { message, type, code } }`), so the
 * real `openai` SDK talks to it unchanged.
 *
 * By default it plays a gullible model: it writes a short email from the request's user message, but
 * when that message asks it to print the system prompt it does exactly that. Tests replace the
 * behaviour with `answerWith`.
 */
export type ChatMessage = { role: string; content: string };
export type ChatRequest = {
  model: string;
  messages: ChatMessage[];
  response_format?: {
    type: string;
    json_schema?: { name: string; strict?: boolean; schema: Record<string, unknown> };
  };
};

/**
 * What the fake answers: the assistant message's content, an HTTP error, nothing at all, or a 200
 * whose headers and first bytes arrive and whose body then never ends.
 */
export type FakeAnswer =
  | { content: string }
  | { status: number; message: string; type?: string; code?: string; headers?: Record<string, string> }
  | { neverAnswer: true }
  | { stallAfterHeaders: true };

export type FakeOpenAi = {
  /** The base URL to configure (`OPENAI_BASE_URL`), ending in /v1. */
  url: string;
  requests: ChatRequest[];
  /** Every content the fake answered with, in order. */
  answers: string[];
  answerWith(behaviour: (request: ChatRequest) => FakeAnswer): void;
  reset(): void;
  close(): Promise<void>;
};

const roleContent = (request: ChatRequest, role: string) =>
  request.messages.find((message) => message.role === role)?.content ?? '';

/** The default behaviour: a model that does what the user message says, even when it should not. */
export function gullibleModel(request: ChatRequest): FakeAnswer {
  const user = roleContent(request, 'user');
  if (/print the system prompt/i.test(user))
    return {
      content: JSON.stringify({ subject: 'My instructions', body: roleContent(request, 'system') }),
    };
  const title = /<job_title>([^<]*)<\/job_title>/.exec(user)?.[1] ?? 'a role';
  return {
    content: JSON.stringify({
      subject: `${title} opening for {{first_name}}`,
      body: `Hi {{first_name}},\n\nI am hiring for a ${title}. Would you be open to a call?\n\nBest regards`,
    }),
  };
}

export async function startFakeOpenAi(apiKey: string): Promise<FakeOpenAi> {
  const requests: ChatRequest[] = [];
  const answers: string[] = [];
  let behaviour = gullibleModel;

  const server = createServer(async (req, res) => {
    const raw = await readBody(req);
    if (req.method !== 'POST' || req.url !== '/v1/chat/completions')
      return sendError(res, { status: 404, message: `Unknown path ${req.method} ${req.url}` });
    if (req.headers.authorization !== `Bearer ${apiKey}`)
      return sendError(res, {
        status: 401,
        message: 'Incorrect API key provided.',
        type: 'invalid_request_error',
        code: 'invalid_api_key',
      });
    const request = JSON.parse(raw) as ChatRequest;
    requests.push(request);
    const answer = behaviour(request);
    // A server that hangs: the socket stays open, unanswered, until the client gives up.
    if ('neverAnswer' in answer) return;
    if ('stallAfterHeaders' in answer) return startAndStall(res);
    if ('status' in answer) return sendError(res, answer);
    answers.push(answer.content);
    send(res, 200, completion(request.model, answer.content));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    answers,
    answerWith: (next) => {
      behaviour = next;
    },
    reset: () => {
      behaviour = gullibleModel;
      requests.length = 0;
      answers.length = 0;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

const completion = (model: string, content: string) => ({
  id: `chatcmpl-${randomBytes(12).toString('hex')}`,
  object: 'chat.completion',
  created: Math.floor(Date.now() / 1000),
  model,
  system_fingerprint: 'fp_fake',
  choices: [
    {
      index: 0,
      message: { role: 'assistant', content, refusal: null },
      logprobs: null,
      finish_reason: 'stop',
    },
  ],
  usage: { prompt_tokens: 100, completion_tokens: 50, total_tokens: 150 },
});

function sendError(
  res: ServerResponse,
  { status, message, type, code, headers }: Extract<FakeAnswer, { status: number }>,
) {
  send(
    res,
    status,
    {
      error: {
        message,
        type: type ?? (status >= 500 ? 'server_error' : 'invalid_request_error'),
        param: null,
        code: code ?? null,
      },
    },
    headers,
  );
}

/** A completion that starts (status, headers, the body's first bytes) and then stalls, socket open. */
function startAndStall(res: ServerResponse) {
  res.writeHead(200, {
    'content-type': 'application/json',
    'x-request-id': `req_${randomBytes(8).toString('hex')}`,
  });
  res.write('{"id":"chatcmpl-stalled","object":"chat.completion",');
}

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, {
    'content-type': 'application/json',
    'x-request-id': `req_${randomBytes(8).toString('hex')}`,
    ...headers,
  });
  res.end(JSON.stringify(body));
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}
