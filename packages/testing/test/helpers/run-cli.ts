/** Test helper: runs the real Claude Code CLI in stream-json mode and collects its stdout messages. */
import { spawn } from 'node:child_process';

export type CliMessage = Record<string, unknown> & { type: string };

export interface CliRun {
  readonly messages: CliMessage[];
  readonly stderr: string;
  readonly code: number | null;
}

export interface RunCliOptions {
  readonly binary: string;
  readonly cwd: string;
  readonly env: Record<string, string>;
  /** Lines written to stdin at the start (objects are JSON-encoded). */
  readonly input: readonly unknown[];
  /** Called on each stdout message; may write more input; return true to end stdin. */
  readonly onMessage?: (message: CliMessage, write: (value: unknown) => void) => boolean | undefined;
  readonly timeoutMs?: number;
}

/** A stream-json user message line carrying `prompt`. */
export function userLine(prompt: string): unknown {
  return {
    type: 'user',
    message: { role: 'user', content: prompt },
    parent_tool_use_id: null,
    session_id: '',
  };
}

/** A running CLI: write more input, await the end. */
export interface CliHandle {
  readonly messages: CliMessage[];
  write(value: unknown): void;
  readonly done: Promise<CliRun>;
}

/** Spawns the CLI, feeds it input, ends stdin after the first `result` (or when onMessage says so). */
export function runCli(options: RunCliOptions): Promise<CliRun> {
  return startCli(options).done;
}

/** Like {@link runCli}, but hands back the running process so a test can write more input. */
export function startCli(options: RunCliOptions): CliHandle {
  const child = spawn(
    options.binary,
    ['--output-format', 'stream-json', '--verbose', '--input-format', 'stream-json'],
    {
      cwd: options.cwd,
      env: options.env,
      stdio: ['pipe', 'pipe', 'pipe'],
    },
  );
  const messages: CliMessage[] = [];
  let stderr = '';
  let buffer = '';
  const write = (value: unknown): void => {
    if (!child.stdin.writableEnded) child.stdin.write(`${JSON.stringify(value)}\n`);
  };
  for (const line of options.input) write(line);
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
    stderr += chunk;
  });
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    buffer += chunk;
    let newline = buffer.indexOf('\n');
    while (newline >= 0) {
      const line = buffer.slice(0, newline);
      buffer = buffer.slice(newline + 1);
      newline = buffer.indexOf('\n');
      if (line.trim().length === 0) continue;
      const message = JSON.parse(line) as CliMessage;
      messages.push(message);
      const end = options.onMessage ? options.onMessage(message, write) : message.type === 'result';
      if (end) child.stdin.end();
    }
  });
  const done = new Promise<CliRun>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(
        new Error(
          `CLI did not finish in time; stderr: ${stderr.slice(-2000)}; last: ${JSON.stringify(messages.at(-1))}`,
        ),
      );
    }, options.timeoutMs ?? 60_000);
    child.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.once('close', (code) => {
      clearTimeout(timer);
      resolve({ messages, stderr, code });
    });
  });
  return { messages, write, done };
}

/** The text blocks of every assistant message, in order. */
export function assistantTexts(messages: readonly CliMessage[]): string[] {
  return messages
    .filter((m) => m.type === 'assistant')
    .flatMap((m) => (m['message'] as { content: { type: string; text?: string }[] }).content ?? [])
    .filter((block) => block.type === 'text')
    .map((block) => block.text ?? '');
}
