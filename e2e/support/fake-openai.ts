import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A small local server speaking the OpenAI chat-completions protocol (plain and streamed, as the `openai` SDK calls
 * it), the AI provider of the end-to-end run. It writes nothing and knows nothing of Daybook; what it answers depends
 * only on the last user message, so the tests can ask for each behaviour:
 * - a message containing KEEP_TALKING streams a word every 100 ms for a minute (for Stop),
 * - any other streamed request answers STREAMED_REPLY in several pieces,
 * - a request that is not streamed (AI Assist, the insights' reflection) answers PLAIN_REPLY.
 */
export const KEEP_TALKING = 'keep talking';
export const STREAMED_REPLY = 'Small steps count. You walked every day this week, and it shows.';
export const PLAIN_REPLY =
  'I walked along the river this morning. The water was still, the light was low and gold, and for a while I thought about nothing at all.';
const ENDLESS_WORD = 'and ';

type ChatRequest = { model?: string; stream?: boolean; messages?: { role: string; content: unknown }[] };

async function readJson(request: IncomingMessage): Promise<ChatRequest> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8')) as ChatRequest;
  } catch {
    return {};
  }
}

const lastUserText = (body: ChatRequest) => {
  const last = [...(body.messages ?? [])].reverse().find((message) => message.role === 'user');
  return typeof last?.content === 'string' ? last.content : JSON.stringify(last?.content ?? '');
};

function chunk(id: string, model: string, delta: Record<string, string>, finish: string | null = null) {
  return `data: ${JSON.stringify({
    id,
    object: 'chat.completion.chunk',
    created: Math.floor(Date.now() / 1000),
    model,
    choices: [{ index: 0, delta, finish_reason: finish }],
  })}\n\n`;
}

async function stream(response: ServerResponse, body: ChatRequest) {
  const model = body.model ?? 'fake-model';
  const id = `chatcmpl-${Date.now()}`;
  response.writeHead(200, {
    'Content-Type': 'text/event-stream',
    'Cache-Control': 'no-cache',
    Connection: 'keep-alive',
  });
  let isClosed = false;
  response.on('close', () => {
    isClosed = true;
  });
  const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  response.write(chunk(id, model, { role: 'assistant', content: '' }));
  if (lastUserText(body).toLowerCase().includes(KEEP_TALKING)) {
    for (let word = 0; word < 600 && !isClosed; word += 1) {
      response.write(chunk(id, model, { content: word === 0 ? 'Well, ' : ENDLESS_WORD }));
      await wait(100);
    }
  } else {
    for (const piece of STREAMED_REPLY.match(/.{1,12}/g) ?? []) {
      if (isClosed) return;
      response.write(chunk(id, model, { content: piece }));
      await wait(40);
    }
  }
  if (isClosed) return;
  response.write(chunk(id, model, {}, 'stop'));
  response.end('data: [DONE]\n\n');
}

function plain(response: ServerResponse, body: ChatRequest) {
  response.writeHead(200, { 'Content-Type': 'application/json' });
  response.end(
    JSON.stringify({
      id: `chatcmpl-${Date.now()}`,
      object: 'chat.completion',
      created: Math.floor(Date.now() / 1000),
      model: body.model ?? 'fake-model',
      choices: [{ index: 0, message: { role: 'assistant', content: PLAIN_REPLY }, finish_reason: 'stop' }],
      usage: { prompt_tokens: 10, completion_tokens: 30, total_tokens: 40 },
    }),
  );
}

/** Starts the fake on a free port of 127.0.0.1; its base URL ends in /v1, as AI_BASE_URL does. */
export async function startFakeOpenAi(): Promise<{ baseUrl: string; server: Server }> {
  const server = createServer((request, response) => {
    void (async () => {
      if (request.method === 'POST' && request.url?.endsWith('/chat/completions')) {
        const body = await readJson(request);
        if (body.stream) await stream(response, body);
        else plain(response, body);
        return;
      }
      if (request.method === 'GET' && request.url?.endsWith('/models')) {
        response.writeHead(200, { 'Content-Type': 'application/json' });
        response.end(JSON.stringify({ object: 'list', data: [{ id: 'fake-model', object: 'model' }] }));
        return;
      }
      response.writeHead(404, { 'Content-Type': 'application/json' });
      response.end(JSON.stringify({ error: { message: 'Not found', type: 'invalid_request_error' } }));
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { baseUrl: `http://127.0.0.1:${port}/v1`, server };
}
