/*
 * A program written against the official @anthropic-ai/claude-agent-sdk 0.3.332 types, as a
 * user would write it. The compat test compiles it twice, unchanged: as is, and with the
 * import mapped to @ccsdk/sdk. It is never run (it would need a model).
 */
import { spawn } from 'node:child_process';
import {
  type CanUseTool,
  createSdkMcpServer,
  forkSession,
  getSessionMessages,
  type HookCallbackMatcher,
  type HookEvent,
  type HookInput,
  type HookJSONOutput,
  listSessions,
  type OnElicitation,
  type OnUserDialog,
  type Options,
  type PermissionResult,
  prewarm,
  type Query,
  query,
  type SDKMessage,
  type SDKResultMessage,
  type SDKSystemMessage,
  type SDKUserMessage,
  tool,
} from '@anthropic-ai/claude-agent-sdk';
import { z } from 'zod';

function assertNever(value: never): never {
  throw new Error(`unexpected message: ${JSON.stringify(value)}`);
}

/** One line per message, narrowing on every member of the union. */
export function describe(m: SDKMessage): string {
  switch (m.type) {
    case 'assistant': {
      const texts = m.message.content.flatMap((b) => (b.type === 'text' ? [b.text] : []));
      return m.error
        ? `assistant error ${m.error}`
        : `assistant: ${texts.join('')} (${m.message.usage.output_tokens})`;
    }
    case 'user':
      return 'isReplay' in m && m.isReplay ? `replay ${m.uuid}` : `user ${typeof m.message.content}`;
    case 'result':
      return describeResult(m);
    case 'stream_event':
      return m.event.type === 'content_block_delta' && m.event.delta.type === 'text_delta'
        ? `delta ${m.event.delta.text}`
        : `event ${m.event.type}`;
    case 'tool_progress':
      return `${m.tool_name} running ${m.elapsed_time_seconds}s`;
    case 'auth_status':
      return m.output.join('\n');
    case 'tool_use_summary':
      return `${m.summary} (${m.preceding_tool_use_ids.length} tools)`;
    case 'rate_limit_event':
      return `rate limit ${m.rate_limit_info.status} until ${m.rate_limit_info.resetsAt ?? '?'}`;
    case 'prompt_suggestion':
      return `suggested: ${m.suggestion}`;
    case 'conversation_reset':
      return `reset to ${m.new_conversation_id} (${m.trigger ?? 'unknown'})`;
    case 'system':
      return describeSystem(m);
    default:
      return assertNever(m);
  }
}

function describeResult(m: SDKResultMessage): string {
  const reason = m.terminal_reason ?? 'none';
  const tokens = m.usage.input_tokens + m.usage.output_tokens;
  if (m.subtype === 'success') return `done: ${m.result} [${reason}, ${tokens} tokens, $${m.total_cost_usd}]`;
  return `${m.subtype}: ${m.errors.join('; ')} [${reason}]`;
}

function describeSystem(m: Extract<SDKMessage, { type: 'system' }>): string {
  switch (m.subtype) {
    case 'init':
      return describeInit(m);
    case 'compact_boundary':
      return `compacted at ${m.compact_metadata.pre_tokens} tokens (${m.compact_metadata.trigger})`;
    case 'status':
      return `status ${m.status ?? 'idle'} ${m.permissionMode ?? ''}`;
    case 'api_retry':
      return `retry ${m.attempt}/${m.max_retries} in ${m.retry_delay_ms} ms: ${m.error}`;
    case 'control_request_progress':
      return `${m.request_id} ${m.status}`;
    case 'model_refusal_fallback':
      return `${m.original_model} -> ${m.fallback_model}`;
    case 'model_refusal_no_fallback':
      return `refused by ${m.original_model}: ${m.content}`;
    case 'local_command_output':
      return m.content;
    case 'hook_started':
    case 'hook_progress':
      return `${m.hook_event} ${m.hook_name}`;
    case 'hook_response':
      return `${m.hook_name}: ${m.outcome} ${m.exit_code ?? ''}`;
    case 'plugin_install':
      return `plugin ${m.name ?? ''} ${m.status}`;
    case 'task_notification':
      return `task ${m.task_id} ${m.status}: ${m.summary}`;
    case 'task_started':
      return `task ${m.task_id} started: ${m.description} ${m.task_type ?? ''}`;
    case 'task_updated':
      return `task ${m.task_id} -> ${m.patch.status ?? 'same'}`;
    case 'task_progress':
      return `task ${m.task_id}: ${m.usage.total_tokens} tokens ${m.summary ?? ''}`;
    case 'background_tasks_changed':
      return `${m.tasks.length} background tasks`;
    case 'thinking_tokens':
      return `thinking ~${m.estimated_tokens}`;
    case 'session_state_changed':
      return `state ${m.state}`;
    case 'worker_shutting_down':
      return `shutting down: ${m.reason}`;
    case 'commands_changed':
      return m.commands.map((c) => `/${c.name} ${c.argumentHint}`).join(', ');
    case 'notification':
      return `[${m.priority}] ${m.text}`;
    case 'files_persisted':
      return `${m.files.length} files, ${m.failed.length} failed`;
    case 'memory_recall':
      return m.memories.map((x) => `${x.scope}:${x.path}`).join(' ');
    case 'elicitation_complete':
      return `${m.mcp_server_name} ${m.elicitation_id}`;
    case 'permission_denied':
      return `denied ${m.tool_name}: ${m.message}`;
    case 'mirror_error':
      return `mirror ${m.key.sessionId}: ${m.error}`;
    case 'informational':
      return `${m.level}: ${m.content}`;
    case 'session_writes_lost':
      return `${m.error_code}: lost ${m.lost.join(', ')}`;
    default:
      return assertNever(m);
  }
}

function describeInit(m: SDKSystemMessage): string {
  const servers = m.mcp_servers.map((s) => `${s.name}=${s.status}`).join(' ');
  return `${m.model} in ${m.cwd} (${m.permissionMode}, ${m.apiKeySource}) tools=${m.tools.length} ${servers}`;
}

const weather = tool(
  'get_weather',
  'Current weather of a city',
  { city: z.string(), unit: z.enum(['c', 'f']).optional() },
  async (args) => ({ content: [{ type: 'text', text: `Sunny in ${args.city} (${args.unit ?? 'c'})` }] }),
  { annotations: { readOnlyHint: true }, searchHint: 'forecast temperature rain', alwaysLoad: true },
);

const audit: HookCallbackMatcher = {
  matcher: 'Bash|Write',
  timeout: 30,
  hooks: [
    async (input: HookInput, toolUseID, { signal }): Promise<HookJSONOutput> => {
      if (signal.aborted) return {};
      switch (input.hook_event_name) {
        case 'PreToolUse':
          return input.tool_name === 'Bash'
            ? {
                hookSpecificOutput: {
                  hookEventName: 'PreToolUse',
                  permissionDecision: 'ask',
                  permissionDecisionReason: `check ${toolUseID ?? ''}`,
                },
              }
            : {};
        case 'PostToolUse':
          return {
            hookSpecificOutput: {
              hookEventName: 'PostToolUse',
              additionalContext: String(input.duration_ms),
            },
          };
        case 'PermissionDenied':
          return {
            hookSpecificOutput: { hookEventName: 'PermissionDenied', retry: input.reason.length > 0 },
          };
        case 'SessionStart':
          return { hookSpecificOutput: { hookEventName: 'SessionStart', additionalContext: input.source } };
        case 'Stop':
          return input.stop_hook_active ? {} : { decision: 'block', reason: 'one more check' };
        case 'PostModelSwitch':
          return { systemMessage: `${input.from_model} -> ${input.to_model}` };
        default:
          return { async: true, asyncTimeout: 10 };
      }
    },
  ],
};

const canUseTool: CanUseTool = async (
  toolName,
  input,
  { signal, suggestions, toolUseID, decisionReason },
) => {
  if (signal.aborted) return null;
  const allow: PermissionResult = {
    behavior: 'allow',
    updatedInput: input,
    updatedPermissions: suggestions?.filter((s) => s.type === 'addRules' && s.destination === 'session'),
    toolUseID,
  };
  return toolName === 'Write' && decisionReason === undefined
    ? { behavior: 'deny', message: 'no writes' }
    : allow;
};

const hooks: Partial<Record<HookEvent, HookCallbackMatcher[]>> = {
  PreToolUse: [audit],
  PostToolUse: [audit],
  Stop: [audit],
};

const onElicitation: OnElicitation = async (request, { signal, requestId }) => {
  if (signal.aborted || request.mode === 'url') return { action: 'decline' };
  return { action: 'accept', content: { answer: `${request.serverName} ${requestId}` } };
};

const onUserDialog: OnUserDialog = async (request, { signal }) =>
  signal.aborted || request.dialogKind !== 'confirm'
    ? { behavior: 'cancelled' }
    : { behavior: 'completed', result: { confirmed: true, toolUseID: request.toolUseID } };

/** Options using most official keys. */
export const options: Options = {
  cwd: '/tmp/project',
  model: 'claude-sonnet-4-5',
  fallbackModel: 'claude-haiku-4-5',
  maxTurns: 8,
  maxBudgetUsd: 0.5,
  permissionMode: 'default',
  allowedTools: ['Read', 'Grep', 'mcp__tools__get_weather'],
  disallowedTools: ['WebFetch'],
  additionalDirectories: ['/tmp/shared'],
  env: { ...process.env, DEBUG: undefined },
  systemPrompt: { type: 'preset', preset: 'claude_code', append: 'Be brief.' },
  settingSources: ['project'],
  settings: { permissions: { allow: ['Bash(ls:*)'], defaultMode: 'acceptEdits' } },
  sandbox: {
    enabled: true,
    network: { allowedDomains: ['example.com'] },
    filesystem: { denyRead: ['~/.ssh'] },
  },
  thinking: { type: 'adaptive', display: 'summarized' },
  effort: 'high',
  outputFormat: { type: 'json_schema', schema: { type: 'object', properties: { ok: { type: 'boolean' } } } },
  mcpServers: {
    tools: createSdkMcpServer({
      name: 'tools',
      version: '1.0.0',
      instructions: 'Weather lookups.',
      tools: [weather],
      alwaysLoad: true,
      timeout: 30_000,
    }),
    files: { type: 'stdio', command: 'npx', args: ['mcp-files'] },
    search: { type: 'http', url: 'https://example.com/mcp', headers: { authorization: 'Bearer x' } },
  },
  agents: {
    reviewer: { description: 'Reviews diffs', prompt: 'You review code.', tools: ['Read'], model: 'haiku' },
  },
  hooks,
  canUseTool,
  includePartialMessages: true,
  includeHookEvents: true,
  enableFileCheckpointing: true,
  persistSession: true,
  betas: ['context-1m-2025-08-07'],
  stderr: (line) => process.stderr.write(line),
  abortController: new AbortController(),
  extraArgs: { verbose: null },
  title: 'compat program',
  executable: 'node',
  spawnClaudeCodeProcess: ({ command, args, cwd, env, signal }) =>
    spawn(command, args, { cwd, env, signal, stdio: ['pipe', 'pipe', 'inherit'] }),
  onElicitation,
  onUserDialog,
  supportedDialogKinds: ['confirm'],
  toolConfig: { askUserQuestion: { previewFormat: 'html' } },
  toolAliases: { Shell: 'Bash' },
  verbatimPrompts: true,
  agentProgressSummaries: true,
  perTaskStopAffordance: true,
};

/** Reads and reloads session state through the control methods. */
async function sessionState(q: Query): Promise<string[]> {
  const lines: string[] = [];
  const again = await q.reinitialize();
  lines.push(`${again.commands.length} commands after reinitialize`);
  const file = await q.readFile('README.md', { maxBytes: 4096, encoding: 'utf-8' });
  lines.push(
    file ? `${file.absPath}${file.truncated ? ' (cut)' : ''}: ${file.contents.length}` : 'unreadable',
  );
  const resource = await q.readMcpResource('files', 'ui://files/tree');
  lines.push(resource.contents.map((c) => c.text ?? c.blob ?? c.uri).join(''));
  const { skills } = await q.reloadSkills();
  lines.push(skills.map((c) => `/${c.name} ${c.argumentHint}`).join(', '));
  const plugins = await q.reloadPlugins({
    holdOnCacheImpact: true,
    addPlugins: [{ type: 'local', path: '/tmp/plugin' }],
  });
  lines.push(
    plugins.held
      ? `held: +${plugins.cache_impact?.mcp_servers_added.join(',') ?? ''}`
      : `${plugins.plugins.length} plugins, ${plugins.mcpServers.length} servers, ${plugins.error_count} errors`,
  );
  const styles = await q.reloadOutputStyles();
  lines.push(styles.available_output_styles.join(','));
  await q.applyFlagSettings({ effortLevel: 'low', model: null });
  await q.updateSettings('localSettings', { outputStyle: 'Explanatory' });
  lines.push((await q.backgroundTasks()) ? 'backgrounded' : 'nothing to background');
  await q.seedReadState('/tmp/project/README.md', Date.now());
  const override = await q.setMcpPermissionModeOverride('files', 'default');
  if (override.warning !== undefined) lines.push(override.warning);
  const usage = await q.usage_EXPERIMENTAL_MAY_CHANGE_DO_NOT_RELY_ON_THIS_API_YET({ skipBehaviors: true });
  const cost = Object.values(usage.session.model_usage).reduce((sum, m) => sum + m.costUSD, 0);
  const fiveHour = usage.rate_limits?.five_hour?.utilization ?? null;
  const week = usage.behaviors?.week.behaviors.map((b) => `${b.key} ${b.pct}%`).join(', ') ?? '';
  lines.push(
    `$${usage.session.total_cost_usd} ($${cost} by model) ${usage.subscription_type ?? ''} ${fiveHour} ${week}`,
  );
  return lines;
}

/** Starts a spare process before the folder is known, then claims it for one prompt. */
export async function runWarm(prompt: string): Promise<string> {
  const spare = await prewarm({ options: { model: 'claude-sonnet-4-5' }, initializeTimeoutMs: 30_000 });
  const q = spare.claim({ prompt, options: { cwd: '/tmp/project', env: { CI: '1' } } });
  try {
    const claimed = await spare.claimed;
    for await (const message of q) if (message.type === 'result') return describe(message);
    return `${claimed.sessionId} in ${claimed.cwd} (parked ${claimed.parkedMs ?? 0} ms): no result`;
  } catch (error) {
    return `not claimed: ${(error as Error).message}`;
  } finally {
    q.close();
    spare.close();
    await spare.exited;
  }
}

async function* followUps(): AsyncGenerator<SDKUserMessage> {
  yield { type: 'user', message: { role: 'user', content: 'And the tests?' }, parent_tool_use_id: null };
}

/** Drives a session with the control methods, then browses the transcript. */
export async function run(prompt: string): Promise<string[]> {
  const q: Query = query({ prompt, options });
  const init = await q.initializationResult();
  const lines = [
    `${init.models.length} models, style ${init.output_style}, hooks ${init.hooks_applied ?? false}`,
  ];
  const [commands, models, agents] = await Promise.all([
    q.supportedCommands(),
    q.supportedModels(),
    q.supportedAgents(),
  ]);
  lines.push(`${commands.length} commands, ${models.map((m) => m.value).join(',')}, ${agents.length} agents`);
  const account = await q.accountInfo();
  lines.push(account.email ?? 'no email');
  for (const server of await q.mcpServerStatus()) lines.push(`${server.name}: ${server.status}`);
  const usage = await q.getContextUsage({ detail: 'summary' });
  lines.push(`${usage.totalTokens}/${usage.maxTokens}`);
  await q.setModel('claude-opus-4-5');
  await q.setMaxThinkingTokens(4000, 'summarized');
  const mode = await q.setPermissionMode('acceptEdits');
  lines.push(mode?.mode ?? 'unchanged');
  const added = await q.setMcpServers({ files: { type: 'stdio', command: 'npx', args: ['mcp-files'] } });
  lines.push(`added ${added.added.join(',')}`);
  await q.toggleMcpServer('search', false);
  await q.reconnectMcpServer('files');
  lines.push(...(await sessionState(q)));
  await q.streamInput(followUps());
  for await (const message of q) {
    lines.push(describe(message));
    if (message.type === 'system' && message.subtype === 'task_started') await q.stopTask(message.task_id);
    if (message.type === 'user' && message.uuid !== undefined) {
      const rewind = await q.rewindFiles(message.uuid, { dryRun: true });
      lines.push(rewind.canRewind ? `${rewind.filesChanged?.length ?? 0} files` : (rewind.error ?? ''));
    }
    if (message.type === 'result') {
      const interrupted = await q.interrupt();
      lines.push(`still queued ${interrupted?.still_queued.length ?? 0}`);
      break;
    }
  }
  q.close();
  const [latest] = await listSessions({ dir: options.cwd, limit: 1 });
  if (latest) {
    const messages = await getSessionMessages(latest.sessionId, { dir: options.cwd, limit: 50 });
    lines.push(`${latest.customTitle ?? latest.summary}: ${messages.length} messages`);
    const fork = await forkSession(latest.sessionId, { dir: options.cwd, title: 'fork' });
    lines.push(fork.sessionId);
  }
  return lines;
}
