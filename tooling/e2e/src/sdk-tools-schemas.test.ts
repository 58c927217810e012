import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { query } from '@ccsdk/sdk';
import { isMessagesRequest, reply, text } from '@ccsdk/testing';
import type ts from 'typescript';
import { afterEach, describe, expect, it } from 'vitest';
import { collect } from './support/collect.js';
import { DeclaredTypes } from './support/declared-shape.js';
import { type Rig, startRig } from './support/rig.js';

/*
 * The real CLI sends each built-in tool's JSON Schema as `input_schema` in the `tools` of its
 * Messages API requests. This checks our @ccsdk/sdk/sdk-tools input types against those schemas,
 * key by key and down nested objects and arrays: every key the CLI's schema has is a key of ours,
 * and a key is required in ours exactly when the schema requires it. (Ours may have more optional
 * keys: the official types keep deprecated fields that the CLI no longer offers.)
 */

const SDK_TOOLS_ENTRY = join(
  fileURLToPath(import.meta.url),
  '..',
  '..',
  '..',
  '..',
  'packages',
  'sdk-facade',
  'src',
  'sdk-tools',
  'index.ts',
);

/** The input type of each built-in tool, by the tool's name in the CLI. */
const INPUT_TYPE_OF_TOOL: Readonly<Record<string, string>> = {
  Agent: 'AgentInput',
  AskUserQuestion: 'AskUserQuestionInput',
  Bash: 'BashInput',
  CronCreate: 'CronCreateInput',
  CronDelete: 'CronDeleteInput',
  CronList: 'CronListInput',
  Edit: 'FileEditInput',
  EnterPlanMode: 'EnterPlanModeInput',
  EnterWorktree: 'EnterWorktreeInput',
  ExitPlanMode: 'ExitPlanModeInput',
  ExitWorktree: 'ExitWorktreeInput',
  Glob: 'GlobInput',
  Grep: 'GrepInput',
  ListMcpResourcesTool: 'ListMcpResourcesInput',
  Monitor: 'MonitorInput',
  NotebookEdit: 'NotebookEditInput',
  PushNotification: 'PushNotificationInput',
  Read: 'FileReadInput',
  ReadMcpResourceTool: 'ReadMcpResourceInput',
  RemoteTrigger: 'RemoteTriggerInput',
  ReportFindings: 'ReportFindingsInput',
  ScheduleWakeup: 'ScheduleWakeupInput',
  TaskCreate: 'TaskCreateInput',
  TaskGet: 'TaskGetInput',
  TaskList: 'TaskListInput',
  TaskStop: 'TaskStopInput',
  TaskUpdate: 'TaskUpdateInput',
  TodoWrite: 'TodoWriteInput',
  WebFetch: 'WebFetchInput',
  WebSearch: 'WebSearchInput',
  Workflow: 'WorkflowInput',
  Write: 'FileWriteInput',
};

/** The part of a JSON Schema this check reads. */
type Schema = { type?: string; properties?: Record<string, Schema>; required?: string[]; items?: Schema };

/** Every difference between a schema and our type, as `Tool.path: what`. */
function differences(types: DeclaredTypes, schema: Schema, type: ts.Type, path: string): string[] {
  if (schema.properties === undefined) return [];
  const ours = types.shape(type);
  const required = new Set(schema.required ?? []);
  const found: string[] = [];
  for (const [key, child] of Object.entries(schema.properties)) {
    if (!ours.keys.has(key)) {
      found.push(`${path}.${key}: in the CLI's schema, not in ours`);
      continue;
    }
    if (required.has(key) !== ours.required.has(key)) {
      found.push(
        `${path}.${key}: ${required.has(key) ? 'required' : 'optional'} in the CLI's schema, not in ours`,
      );
    }
    const childType = ours.children.get(key);
    if (childType === undefined) continue;
    if (child.properties !== undefined) found.push(...differences(types, child, childType, `${path}.${key}`));
    const element = types.elementOf(childType);
    if (child.items?.properties !== undefined && element !== undefined) {
      found.push(...differences(types, child.items, element, `${path}.${key}[]`));
    }
  }
  for (const key of ours.required) {
    if (!(key in schema.properties)) found.push(`${path}.${key}: required in ours, not in the CLI's schema`);
  }
  return found;
}

let rig: Rig | undefined;
afterEach(async () => {
  await rig?.dispose();
  rig = undefined;
});

describe('the built-in tool input types against the real CLI 2.1.332', () => {
  it("should have every key of each tool's input_schema, required exactly as the schema requires", async () => {
    rig = await startRig({ script: [reply(text('ok'))] });
    // Without tool search the CLI sends every tool's schema up front instead of deferring some.
    await collect(
      query({
        prompt: 'hi',
        options: { env: { ...rig.env, ENABLE_TOOL_SEARCH: 'false' }, cwd: rig.sandbox.cwd },
      }),
    );
    const request = rig.fake.requests.filter(isMessagesRequest).find((r) => r.hasTools);
    const tools =
      (request?.body as { tools?: { name: string; input_schema: Schema }[] } | undefined)?.tools ?? [];
    const checked = tools.filter((tool) => tool.name in INPUT_TYPE_OF_TOOL);
    // The tools this CLI offered in this setup (others, such as Glob or TodoWrite, depend on the platform or mode).
    expect(checked.map((tool) => tool.name)).toEqual(
      expect.arrayContaining([
        'Agent',
        'Bash',
        'Edit',
        'Read',
        'Write',
        'NotebookEdit',
        'WebFetch',
        'WebSearch',
      ]),
    );
    expect(checked.length).toBeGreaterThanOrEqual(15);
    const types = new DeclaredTypes(SDK_TOOLS_ENTRY);
    const found = checked.flatMap((tool) =>
      differences(types, tool.input_schema, types.exported(INPUT_TYPE_OF_TOOL[tool.name] ?? ''), tool.name),
    );
    expect(found).toEqual([]);
  });

  it('should report a key our type lacks and a key required on one side only (the check can fail)', () => {
    const types = new DeclaredTypes(SDK_TOOLS_ENTRY);
    const schema: Schema = {
      type: 'object',
      properties: { command: { type: 'string' }, timeout: { type: 'number' }, cwd: { type: 'string' } },
      required: ['command', 'timeout'],
    };
    expect(differences(types, schema, types.exported('BashInput'), 'Bash')).toEqual([
      "Bash.timeout: required in the CLI's schema, not in ours",
      "Bash.cwd: in the CLI's schema, not in ours",
    ]);
    const nested: Schema = {
      type: 'object',
      properties: {
        todos: {
          type: 'array',
          items: { type: 'object', properties: { content: {}, priority: {} }, required: ['content'] },
        },
      },
      required: [],
    };
    expect(differences(types, nested, types.exported('TodoWriteInput'), 'TodoWrite')).toEqual([
      "TodoWrite.todos: optional in the CLI's schema, not in ours",
      "TodoWrite.todos[].priority: in the CLI's schema, not in ours",
      "TodoWrite.todos[].status: required in ours, not in the CLI's schema",
      "TodoWrite.todos[].activeForm: required in ours, not in the CLI's schema",
    ]);
  });
});
