import type { IncomingMessage, ServerResponse } from 'node:http';
import { apiErrorBody } from './api-error-body.js';
import { type ApiMessage, resolveMessage } from './api-message.js';
import { buildMessagesRecord, buildRecord, type Mutable, readHead } from './build-record.js';
import { roughTokenCount } from './count-tokens.js';
import type { ResolvedFakeMessagesApiOptions } from './fake-messages-api-options.js';
import { pause, sendJson, streamSse } from './http-respond.js';
import { parseBody } from './parse-body.js';
import { readBody } from './read-body.js';
import type {
  RecordedMessagesRequest,
  RecordedRequest,
  RequestKind,
  RequestOutcome,
} from './recorded-request.js';
import { isErrorReply } from './reply.js';
import type { RequestLog } from './request-log.js';
import type { ChosenReply, ScriptPlayer } from './script-player.js';
import { messageToSseEvents } from './sse-events.js';

/** The model named in replies when the request names none. */
export const FALLBACK_MODEL = 'claude-fake-model';

/** What the request handler shares with the server. */
export interface HandlerContext {
  readonly options: ResolvedFakeMessagesApiOptions;
  readonly player: ScriptPlayer;
  readonly log: RequestLog;
  readonly scriptErrors: Error[];
  /** Aborts when the fake closes: pending delays end, streams stop. */
  readonly signal: AbortSignal;
}

/** Records one request and answers it. Never throws: every failure becomes an HTTP error answer. */
export async function handleRequest(
  ctx: HandlerContext,
  request: IncomingMessage,
  response: ServerResponse,
): Promise<void> {
  const head = readHead(request);
  const kind = kindOf(head.method, head.path);
  let raw: { text: string; tooLarge: boolean };
  try {
    raw = await readBody(request, ctx.options.maxRequestBodyBytes);
  } catch {
    return; // the client went away mid-body: nothing to answer
  }
  const parsed =
    kind === 'other'
      ? { body: undefined, error: undefined }
      : raw.tooLarge
        ? { body: undefined, error: `request body exceeds ${ctx.options.maxRequestBodyBytes} bytes` }
        : parseBody(raw.text);
  if (kind === 'messages') {
    const record = buildMessagesRecord(ctx.log.records.length, head, raw.text, parsed.body, parsed.error);
    try {
      record.isMain = ctx.options.isMainRequest(record);
    } catch (error) {
      ctx.scriptErrors.push(asError(error));
    }
    return answerMessages(ctx, record, response, raw.tooLarge);
  }
  const record = buildRecord(ctx.log.records.length, head, kind, raw.text, parsed.body, parsed.error);
  trackInterruption(record, response);
  ctx.log.add(record);
  if (parsed.error !== undefined) return rejectBody(record, response, raw.tooLarge);
  if (kind === 'count_tokens')
    return finish(record, response, 'fixed', 200, { input_tokens: roughTokenCount(parsed.body) });
  if (head.path === '/api/hello' && (head.method === 'GET' || head.method === 'HEAD')) {
    return finish(record, response, 'fixed', 200, {});
  }
  return finish(
    record,
    response,
    'fixed',
    404,
    apiErrorBody(404, undefined, `No route for ${head.method} ${head.path}`),
  );
}

function kindOf(method: string, path: string): RequestKind {
  if (method !== 'POST') return 'other';
  if (path === '/v1/messages') return 'messages';
  return path === '/v1/messages/count_tokens' ? 'count_tokens' : 'other';
}

async function answerMessages(
  ctx: HandlerContext,
  record: Mutable<RecordedMessagesRequest>,
  response: ServerResponse,
  tooLarge: boolean,
): Promise<void> {
  trackInterruption(record, response);
  ctx.log.add(record);
  if (record.bodyError !== undefined) return rejectBody(record, response, tooLarge);
  let chosen: ChosenReply;
  try {
    chosen = await ctx.player.choose(record);
  } catch (error) {
    return failScript(ctx, record, response, error);
  }
  const { reply, outcome } = chosen;
  const signal = AbortSignal.any([ctx.signal, closedSignal(response)]);
  if (reply.delayMs !== undefined && reply.delayMs > 0 && !(await pause(reply.delayMs, signal))) return;
  if (isErrorReply(reply)) {
    const headers: Record<string, string> =
      reply.retryAfterSeconds === undefined ? {} : { 'retry-after': String(reply.retryAfterSeconds) };
    const { status, type, message } = reply.error;
    return finish(record, response, outcome, status, apiErrorBody(status, type, message), headers);
  }
  let message: ApiMessage;
  try {
    message = resolveMessage(reply, {
      model: record.model ?? FALLBACK_MODEL,
      inputTokens: roughTokenCount(record.body),
    });
  } catch (error) {
    return failScript(ctx, record, response, error);
  }
  if (!record.stream) return finish(record, response, outcome, 200, message);
  record.outcome = outcome;
  record.status = 200;
  await streamSse(response, messageToSseEvents(message), reply.chunkDelayMs ?? 0, signal);
}

/** A signal that aborts when the response closes (sent, or the client went away). */
function closedSignal(response: ServerResponse): AbortSignal {
  const controller = new AbortController();
  response.once('close', () => controller.abort());
  return controller.signal;
}

function rejectBody(record: Mutable<RecordedRequest>, response: ServerResponse, tooLarge: boolean): void {
  const status = tooLarge ? 413 : 400;
  const headers: Record<string, string> = tooLarge ? { connection: 'close' } : {};
  finish(record, response, 'rejected', status, apiErrorBody(status, undefined, record.bodyError), headers);
}

function failScript(
  ctx: HandlerContext,
  record: Mutable<RecordedRequest>,
  response: ServerResponse,
  error: unknown,
): void {
  const failure = asError(error);
  ctx.scriptErrors.push(failure);
  finish(
    record,
    response,
    'script_error',
    500,
    apiErrorBody(500, 'api_error', `Script failed: ${failure.message}`),
  );
}

function finish(
  record: Mutable<RecordedRequest>,
  response: ServerResponse,
  outcome: RequestOutcome,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  record.outcome = outcome;
  record.status = status;
  sendJson(response, status, body, headers);
}

function trackInterruption(record: Mutable<RecordedRequest>, response: ServerResponse): void {
  response.once('close', () => {
    if (!response.writableFinished) record.interrupted = true;
  });
}

function asError(error: unknown): Error {
  return error instanceof Error ? error : new Error(String(error));
}
