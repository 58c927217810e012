/*
 * A program written against the official built-in tool types (`sdk-tools`), as a host that shows
 * and answers tool calls would write it (the ACP adapter for Zed is typed this way). The compat test
 * compiles it unchanged against the official package, and with both imports mapped to
 * @ccsdk/sdk/sdk-tools (its sources, then its built declarations). It is never run.
 *
 * Each `@ts-expect-error` below must be an error on both sides, and each `Same<...>` must hold on
 * both: so the two packages not only accept this program but narrow its values the same way.
 */
import type {
  AskUserQuestionInput,
  BashInput,
  FileEditInput,
  TodoWriteInput,
  ToolInputSchemas,
} from '@anthropic-ai/claude-agent-sdk/sdk-tools';
import type { FileEditOutput, ToolOutputSchemas } from '@anthropic-ai/claude-agent-sdk/sdk-tools.js';

/** Compiles only when `A` and `B` are the same type. */
type Same<A, B> = (<G>() => G extends A ? 1 : 2) extends <G>() => G extends B ? 1 : 2 ? true : false;
function same<A, B>(_proof: Same<A, B>): void {}

/** The calls this host renders, by tool name, as `canUseTool` sees them. */
export type HostToolCall =
  | { name: 'Bash'; input: BashInput }
  | { name: 'AskUserQuestion'; input: AskUserQuestionInput }
  | { name: 'TodoWrite'; input: TodoWriteInput }
  | { name: 'Edit'; input: FileEditInput };

/** Every input this host handles is one of the official union's members. */
export const handled: ToolInputSchemas[] = [] as HostToolCall['input'][];

/** Pairs a tool name from `canUseTool` with its input, for the tools this host renders. */
export function toHostCall(name: string, input: ToolInputSchemas): HostToolCall | undefined {
  switch (name) {
    case 'Bash':
      return { name, input: input as BashInput };
    case 'AskUserQuestion':
      return { name, input: input as AskUserQuestionInput };
    case 'TodoWrite':
      return { name, input: input as TodoWriteInput };
    case 'Edit':
      return { name, input: input as FileEditInput };
    default:
      return undefined;
  }
}

/** One line for the user about a call: narrowing on the name gives each input its own type. */
export function describeCall(call: HostToolCall): string {
  switch (call.name) {
    case 'Bash': {
      same<typeof call.input, BashInput>(true);
      const timeout: number | undefined = call.input.timeout;
      // @ts-expect-error `command` is a string, never a list of arguments
      const argv: string[] = call.input.command;
      void argv;
      return `${call.input.description ?? call.input.command}${call.input.run_in_background ? ' (background)' : ''}${timeout === undefined ? '' : ` within ${timeout} ms`}`;
    }
    case 'AskUserQuestion': {
      same<typeof call.input, AskUserQuestionInput>(true);
      // One to four questions: the first always exists, a fifth never does.
      const [first] = call.input.questions;
      // @ts-expect-error no tuple of questions has a fifth
      void call.input.questions[4];
      // Two to four options: the second always exists.
      const second: { label: string; description: string; preview?: string } = first.options[1];
      return `${first.header}: ${first.question} (${first.options.length} options, e.g. ${second.label})`;
    }
    case 'TodoWrite': {
      same<typeof call.input, TodoWriteInput>(true);
      const status: 'pending' | 'in_progress' | 'completed' | undefined = call.input.todos[0]?.status;
      // @ts-expect-error a todo has no `deleted` status (a TaskUpdate's has)
      const deleted: (typeof call.input.todos)[number]['status'] = 'deleted';
      void deleted;
      const active = call.input.todos.filter((todo) => todo.status === 'in_progress');
      return `${active.map((todo) => todo.activeForm).join(', ')} (${status ?? 'empty'})`;
    }
    case 'Edit': {
      same<typeof call.input, FileEditInput>(true);
      return `${call.input.file_path}${call.input.replace_all === true ? ' (every occurrence)' : ''}`;
    }
    default: {
      const none: never = call;
      return none;
    }
  }
}

/** Answers an AskUserQuestion call with each question's first option, as `canUseTool` may. */
export function answerFirstOptions(input: AskUserQuestionInput): AskUserQuestionInput {
  const answers: Record<string, string> = {};
  for (const question of input.questions) answers[question.question] = question.options[0].label;
  return { ...input, answers };
}

/** Narrows the official union by its fields, as a host without the tool name does. */
export function todosOf(input: ToolInputSchemas): TodoWriteInput['todos'] | undefined {
  if (typeof input === 'object' && input !== null && 'todos' in input && Array.isArray(input.todos)) {
    return (input as TodoWriteInput).todos;
  }
  return undefined;
}

/** Reads an Edit result reported in `tool_use_result`. */
export function changedLines(output: ToolOutputSchemas): number {
  const edit = output as FileEditOutput;
  same<FileEditOutput['structuredPatch'][number]['lines'], string[]>(true);
  return edit.structuredPatch.reduce((sum, hunk) => sum + hunk.newLines, 0);
}

/** A Bash input built by hand is checked like any object literal: unknown keys are refused. */
export const listFiles: BashInput = { command: 'ls -la', description: 'List files', timeout: 10_000 };
// @ts-expect-error `cwd` is not a field of the Bash tool's input
export const withCwd: BashInput = { command: 'ls', cwd: '/tmp' };

/** An edit built by hand. */
export const renameEdit: FileEditInput = { file_path: '/repo/a.ts', old_string: 'a', new_string: 'b' };
