import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { invalidArgumentsText } from './invalid-arguments.js';
import { startTimer } from './timeout.js';
import type { SdkMcpToolExtra, UsableTool } from './tool.js';
import { checkHandlerResult, thrownToResult, toolErrorResult } from './tool-result.js';

const NEVER_ABORTS = new AbortController().signal;

/** What one tool call needs besides the tool: the raw arguments, the MCP context and the limits. */
export interface ToolCallContext {
  readonly args: unknown;
  readonly extra: SdkMcpToolExtra;
  /** The limit of this call in ms (`Infinity` for none). */
  readonly timeoutMs: number;
  /** Aborts when the session closes; the handler's signal follows it. Default: `extra.signal` alone. */
  readonly sessionSignal?: AbortSignal | undefined;
}

/**
 * Runs one tool call to a `CallToolResult`; never throws. Validates the arguments, runs the handler
 * with a signal that aborts on cancel, timeout or close, and turns every failure (bad input, a
 * throw, a timeout, a bad result) into an `isError` result. A handler that ignores its signal is
 * left behind: its late result or rejection is dropped.
 */
export async function runToolCall(tool: UsableTool, context: ToolCallContext): Promise<CallToolResult> {
  const { name, handler } = tool.definition;
  const sessionSignal = context.sessionSignal ?? NEVER_ABORTS;
  const label = `Tool ${JSON.stringify(name)}`;
  const checked = await tool.input.validate(context.args);
  if (!checked.ok) {
    // A zod schema that threw: its message alone, as the official SDK's tools answer.
    if (checked.thrown !== undefined) return toolErrorResult(checked.thrown);
    return toolErrorResult(invalidArgumentsText(name, checked.issues, checked.zodIssues));
  }
  if (sessionSignal.aborted || context.extra.signal.aborted)
    return toolErrorResult(`${label} was cancelled.`);

  const controller = new AbortController();
  let settle: (result: CallToolResult) => void = () => undefined;
  const stopped = new Promise<CallToolResult>((resolve) => {
    settle = resolve;
  });
  const stop = (reason: unknown, result: CallToolResult): void => {
    controller.abort(reason);
    settle(result);
  };
  const onCancel = (): void => stop(context.extra.signal.reason, toolErrorResult(`${label} was cancelled.`));
  const onClose = (): void =>
    stop(sessionSignal.reason, toolErrorResult(`${label} was stopped: the server closed.`));
  context.extra.signal.addEventListener('abort', onCancel, { once: true });
  sessionSignal.addEventListener('abort', onClose, { once: true });
  const stopTimer = startTimer(context.timeoutMs, () =>
    stop(
      new DOMException(`${label} timed out after ${context.timeoutMs} ms`, 'TimeoutError'),
      toolErrorResult(`${label} timed out after ${context.timeoutMs} ms.`),
    ),
  );
  try {
    const running = Promise.resolve()
      .then(() => {
        if (controller.signal.aborted) throw controller.signal.reason;
        return handler(checked.value as never, { ...context.extra, signal: controller.signal });
      })
      .then(
        (returned) => checkHandlerResult(name, returned, tool.output),
        (thrown: unknown) => thrownToResult(name, thrown),
      )
      .catch((thrown: unknown) => thrownToResult(name, thrown));
    return await Promise.race([running, stopped]);
  } finally {
    stopTimer();
    context.extra.signal.removeEventListener('abort', onCancel);
    sessionSignal.removeEventListener('abort', onClose);
  }
}
