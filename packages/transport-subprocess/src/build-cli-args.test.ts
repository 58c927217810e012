import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildCliArgs } from './build-cli-args.js';
import type { CliOptions } from './cli-options.js';

const HEAD = ['--output-format', 'stream-json', '--verbose'];
const TAIL = ['--input-format', 'stream-json'];
const EMPTY_PROMPT = ['--system-prompt', ''];
const UUID = '5f0c7a52-3b8e-4d55-9d0e-2a3b4c5d6e7f';

/** The flags between the fixed head and tail. */
function middle(options: CliOptions): string[] {
  const argv = buildCliArgs(options);
  expect(argv.slice(0, 3)).toEqual(HEAD);
  expect(argv.slice(-2)).toEqual(TAIL);
  return argv.slice(3, -2);
}

/** One row per option (and per edge form): options -> the flags after the default system prompt. */
const rows: Array<[string, CliOptions, string[]]> = [
  ['nothing set', {}, []],
  ['tools list', { tools: ['Bash', 'Read'] }, ['--tools', 'Bash,Read']],
  ['tools empty', { tools: [] }, ['--tools', '']],
  ['tools preset', { tools: { type: 'preset', preset: 'claude_code' } }, ['--tools', 'default']],
  ['allowedTools', { allowedTools: ['Read', 'Bash(git *)'] }, ['--allowedTools', 'Read,Bash(git *)']],
  ['allowedTools empty', { allowedTools: [] }, []],
  ['disallowedTools', { disallowedTools: ['Write', 'Edit'] }, ['--disallowedTools', 'Write,Edit']],
  ['disallowedTools empty', { disallowedTools: [] }, []],
  ['maxTurns', { maxTurns: 3 }, ['--max-turns', '3']],
  ['maxBudgetUsd', { maxBudgetUsd: 0.25 }, ['--max-budget-usd', '0.25']],
  ['taskBudget', { taskBudget: { total: 20000 } }, ['--task-budget', '20000']],
  ['model', { model: 'claude-sonnet-4-5' }, ['--model', 'claude-sonnet-4-5']],
  ['fallbackModel', { fallbackModel: 'haiku,sonnet' }, ['--fallback-model', 'haiku,sonnet']],
  ['advisorModel', { advisorModel: 'opus' }, ['--advisor', 'opus']],
  ['betas', { betas: ['context-1m-2025-08-07', 'x'] }, ['--betas', 'context-1m-2025-08-07,x']],
  ['permissionPromptToolName', { permissionPromptToolName: 'stdio' }, ['--permission-prompt-tool', 'stdio']],
  ['permissionMode', { permissionMode: 'acceptEdits' }, ['--permission-mode', 'acceptEdits']],
  ['permissionPrompts', { permissionPrompts: 'none' }, ['--permission-prompts', 'none']],
  [
    'allowDangerouslySkipPermissions',
    { allowDangerouslySkipPermissions: true },
    ['--allow-dangerously-skip-permissions'],
  ],
  [
    'planModeInstructions',
    { planModeInstructions: 'Plan first.' },
    ['--plan-mode-instructions', 'Plan first.'],
  ],
  ['agent', { agent: 'reviewer' }, ['--agent', 'reviewer']],
  ['continue', { continue: true }, ['--continue']],
  ['continue false', { continue: false }, []],
  ['resume', { resume: UUID }, [`--resume=${UUID}`]],
  ['sessionId', { sessionId: UUID }, [`--session-id=${UUID}`]],
  ['forkSession', { resume: UUID, forkSession: true }, [`--resume=${UUID}`, '--fork-session']],
  [
    'resumeSessionAt',
    { resume: UUID, resumeSessionAt: 'a1' },
    [`--resume=${UUID}`, '--resume-session-at=a1'],
  ],
  [
    'resumeDropsTurn',
    { resume: UUID, resumeSessionAt: 'a1', resumeDropsTurn: 'u2' },
    [`--resume=${UUID}`, '--resume-session-at=a1', '--resume-drops-turn=u2'],
  ],
  [
    'resumeDropsTurn empty string still sent',
    { resume: UUID, resumeSessionAt: 'a1', resumeDropsTurn: '' },
    [`--resume=${UUID}`, '--resume-session-at=a1', '--resume-drops-turn='],
  ],
  ['sessionMirror', { sessionMirror: true }, ['--session-mirror']],
  ['persistSession false', { persistSession: false }, ['--no-session-persistence']],
  ['persistSession true', { persistSession: true }, []],
  ['settings object', { settings: { model: 'x' } }, ['--settings', '{"model":"x"}']],
  ['settings path', { settings: '/etc/claude/settings.json' }, ['--settings', '/etc/claude/settings.json']],
  ['settings JSON text', { settings: '{"a":1}' }, ['--settings', '{"a":1}']],
  ['sandbox alone', { sandbox: { enabled: true } }, ['--settings', '{"sandbox":{"enabled":true}}']],
  [
    'sandbox merged into settings object',
    {
      settings: { model: 'x', sandbox: { enabled: false, network: { allowLocalBinding: true } } },
      sandbox: { enabled: true, network: { allowUnixSockets: ['/s'] } },
    },
    [
      '--settings',
      '{"model":"x","sandbox":{"enabled":true,"network":{"allowLocalBinding":true,"allowUnixSockets":["/s"]}}}',
    ],
  ],
  [
    'sandbox merged into settings JSON text',
    { settings: '{"model":"y"}', sandbox: { enabled: true } },
    ['--settings', '{"model":"y","sandbox":{"enabled":true}}'],
  ],
  ['settingSources', { settingSources: ['user', 'project'] }, ['--setting-sources=user,project']],
  ['settingSources empty', { settingSources: [] }, ['--setting-sources=']],
  ['managedSettings', { managedSettings: { a: true } }, ['--managed-settings', '{"a":true}']],
  ['projectConfigRoot', { projectConfigRoot: '/repo' }, ['--project-config-root', '/repo']],
  ['additionalDirectories', { additionalDirectories: ['/a', '/b'] }, ['--add-dir', '/a', '--add-dir', '/b']],
  [
    'mcpServers object, sdk instance stripped',
    {
      mcpServers: {
        files: { command: 'node', args: ['s.js'] },
        web: { type: 'http', url: 'http://127.0.0.1:1/mcp' },
        calc: { type: 'sdk', name: 'calc', instance: { notSerializable: () => 1 } },
      },
    },
    [
      '--mcp-config',
      '{"mcpServers":{"files":{"command":"node","args":["s.js"]},"web":{"type":"http","url":"http://127.0.0.1:1/mcp"},"calc":{"type":"sdk","name":"calc"}}}',
    ],
  ],
  ['mcpConfig verbatim', { mcpConfig: '/path/mcp.json' }, ['--mcp-config', '/path/mcp.json']],
  [
    'mcpConfig next to mcpServers',
    { mcpConfig: '/path/mcp.json', mcpServers: { calc: { type: 'sdk', name: 'calc', instance: {} } } },
    [
      '--mcp-config',
      '/path/mcp.json',
      '--mcp-config',
      '{"mcpServers":{"calc":{"type":"sdk","name":"calc"}}}',
    ],
  ],
  ['mcpServers empty object', { mcpServers: {} }, []],
  [
    'mcpServersDelivery initialize keeps only sdk servers',
    {
      mcpServersDelivery: 'initialize',
      mcpServers: { files: { command: 'node' }, calc: { type: 'sdk', name: 'calc', instance: {} } },
    },
    ['--mcp-config', '{"mcpServers":{"calc":{"type":"sdk","name":"calc"}}}', '--await-initialize'],
  ],
  [
    'mcpServersDelivery initialize without process servers waits for nothing',
    { mcpServersDelivery: 'initialize', mcpServers: { calc: { type: 'sdk', name: 'calc', instance: {} } } },
    ['--mcp-config', '{"mcpServers":{"calc":{"type":"sdk","name":"calc"}}}'],
  ],
  ['mcpServersDelivery initialize without servers', { mcpServersDelivery: 'initialize' }, []],
  [
    'mcpServersDelivery argv',
    { mcpServersDelivery: 'argv', mcpServers: { files: { command: 'node' } } },
    ['--mcp-config', '{"mcpServers":{"files":{"command":"node"}}}'],
  ],
  ['includePartialMessages', { includePartialMessages: true }, ['--include-partial-messages']],
  ['includeHookEvents', { includeHookEvents: true }, ['--include-hook-events']],
  ['forwardSubagentText', { forwardSubagentText: true }, ['--forward-subagent-text']],
  ['strictMcpConfig', { strictMcpConfig: true }, ['--strict-mcp-config']],
  ['bare', { bare: true }, ['--bare']],
  ['promptSuggestions true', { promptSuggestions: true }, ['--prompt-suggestions']],
  ['promptSuggestions false', { promptSuggestions: false }, ['--prompt-suggestions=false']],
  ['debug true', { debug: true }, ['--debug']],
  ['debug any truthy value, as the official SDK reads it', { debug: 1 as unknown as boolean }, ['--debug']],
  ['debug false', { debug: false }, []],
  ['debugCategories', { debugCategories: 'hooks,mcp' }, ['--debug=hooks,mcp']],
  ['debugCategories with debug', { debug: true, debugCategories: '!statsig' }, ['--debug=!statsig']],
  ['debugFile', { debugFile: '/tmp/d.log' }, ['--debug-file', '/tmp/d.log']],
  [
    'debugFile with debug: the file alone, which turns debugging on',
    { debug: true, debugFile: '/tmp/d.log' },
    ['--debug-file', '/tmp/d.log'],
  ],
  [
    'plugins',
    {
      plugins: [
        { type: 'local', path: './p1' },
        { type: 'local', path: '/p2' },
      ],
    },
    ['--plugin-dir', './p1', '--plugin-dir', '/p2'],
  ],
  [
    'plugins skipping MCP discovery',
    {
      plugins: [
        { type: 'local', path: './p1', skipMcpDiscovery: true },
        { type: 'local', path: './p2', skipMcpDiscovery: false },
      ],
    },
    ['--plugin-dir-no-mcp', './p1', '--plugin-dir', './p2'],
  ],
  [
    'pluginDelivery initialize',
    { plugins: [{ type: 'local', path: './p1' }], pluginDelivery: 'initialize' },
    ['--await-initialize'],
  ],
  [
    'pluginDelivery initialize without plugins waits for nothing',
    { plugins: [], pluginDelivery: 'initialize' },
    [],
  ],
  [
    'both deliveries initialize: one --await-initialize',
    {
      plugins: [{ type: 'local', path: './p1' }],
      pluginDelivery: 'initialize',
      mcpServers: { files: { command: 'node' } },
      mcpServersDelivery: 'initialize',
    },
    ['--await-initialize'],
  ],
  ['extraArgs boolean flag', { extraArgs: { 'replay-user-messages': null } }, ['--replay-user-messages']],
  ['extraArgs value', { extraArgs: { name: 'job' } }, ['--name', 'job']],
  ['extraArgs dash value', { extraArgs: { name: '-job' } }, ['--name=-job']],
  ['thinking adaptive', { thinking: { type: 'adaptive' } }, ['--thinking', 'adaptive']],
  [
    'thinking adaptive with display',
    { thinking: { type: 'adaptive', display: 'omitted' } },
    ['--thinking', 'adaptive', '--thinking-display', 'omitted'],
  ],
  [
    'thinking enabled with budget',
    { thinking: { type: 'enabled', budgetTokens: 4096, display: 'summarized' } },
    ['--max-thinking-tokens', '4096', '--thinking-display', 'summarized'],
  ],
  [
    'thinking enabled without budget: adaptive, as the official SDK',
    { thinking: { type: 'enabled', display: 'omitted' } },
    ['--thinking', 'adaptive', '--thinking-display', 'omitted'],
  ],
  ['thinking disabled', { thinking: { type: 'disabled' } }, ['--thinking', 'disabled']],
  ['maxThinkingTokens', { maxThinkingTokens: 2048 }, ['--max-thinking-tokens', '2048']],
  [
    'maxThinkingTokens 0: thinking off, as the official SDK',
    { maxThinkingTokens: 0 },
    ['--thinking', 'disabled'],
  ],
  [
    'thinking wins over maxThinkingTokens',
    { thinking: { type: 'disabled' }, maxThinkingTokens: 2048 },
    ['--thinking', 'disabled'],
  ],
  ['effort', { effort: 'xhigh' }, ['--effort', 'xhigh']],
  [
    'outputFormat',
    { outputFormat: { type: 'json_schema', schema: { type: 'object' } } },
    ['--json-schema', '{"type":"object"}'],
  ],
  ['skills all (every settings source, as unset)', { skills: 'all' }, ['--allowedTools', 'Skill']],
  [
    'skills list joins allowedTools, no duplicates',
    { skills: ['pdf', 'docx'], allowedTools: ['Read', 'Skill(pdf)'] },
    ['--allowedTools', 'Read,Skill(pdf),Skill(docx)'],
  ],
  [
    'skills keep explicit settingSources',
    { skills: ['pdf'], settingSources: ['local'] },
    ['--allowedTools', 'Skill(pdf)', '--setting-sources=local'],
  ],
];

describe('buildCliArgs', () => {
  it.each(rows)('should map %s', (_name, options, expected) => {
    expect(middle(options)).toEqual([...EMPTY_PROMPT, ...expected]);
  });

  const promptRows: Array<[string, CliOptions['systemPrompt'], string[]]> = [
    ['unset', undefined, ['--system-prompt', '']],
    ['string', 'Be brief.', ['--system-prompt', 'Be brief.']],
    [
      'string array',
      ['a', '__SYSTEM_PROMPT_DYNAMIC_BOUNDARY__', 'b'],
      ['--system-prompt', 'a\n__SYSTEM_PROMPT_DYNAMIC_BOUNDARY__\nb'],
    ],
    [
      'custom',
      { type: 'custom', prompt: 'X', snapshot: false },
      ['--system-prompt', 'X', '--system-prompt-snapshot', 'off'],
    ],
    ['preset', { type: 'preset', preset: 'claude_code' }, []],
    [
      'preset append',
      { type: 'preset', preset: 'claude_code', append: 'More.' },
      ['--append-system-prompt', 'More.'],
    ],
    [
      'preset all fields',
      { type: 'preset', preset: 'claude_code', append: 'M', excludeDynamicSections: true, snapshot: true },
      [
        '--append-system-prompt',
        'M',
        '--exclude-dynamic-system-prompt-sections',
        '--system-prompt-snapshot',
        'on',
      ],
    ],
  ];
  it.each(promptRows)('should map systemPrompt %s', (_name, systemPrompt, expected) => {
    expect(middle({ systemPrompt })).toEqual(expected);
  });

  it('should send systemPromptFile as --system-prompt-file, in place of the empty prompt', () => {
    expect(middle({ systemPromptFile: '/p.md' })).toEqual(['--system-prompt-file', '/p.md']);
  });

  it('should refuse a prompt file given two ways, or in the old systemPrompt form, rather than drop one', () => {
    expect(() => middle({ systemPromptFile: '/p.md', systemPrompt: 'Be brief.' })).toThrow(
      /systemPrompt and systemPromptFile cannot be used together/,
    );
    const old = { systemPrompt: { type: 'file', path: '/p.md' } } as unknown as CliOptions;
    expect(() => middle(old)).toThrow(/Invalid option systemPrompt: .*a file is systemPromptFile/);
  });

  it('should keep the prompt off argv and the skeleton fixed with every option set', () => {
    const argv = buildCliArgs({ model: 'm', resume: UUID, extraArgs: { x: null } });
    expect(argv.slice(0, 3)).toEqual(HEAD);
    expect(argv.slice(-2)).toEqual(TAIL);
    expect(argv.filter((a) => a === '--print' || a === '-p')).toEqual([]);
  });

  it('should ignore unknown keys such as callbacks and agents', () => {
    const options = { agents: { a: {} }, canUseTool: () => undefined } as unknown as CliOptions;
    expect(middle(options)).toEqual(EMPTY_PROMPT);
  });

  const invalid: Array<[string, unknown, string]> = [
    ['resume starting with -', { resume: '--dangerously-skip-permissions' }, 'resume'],
    ['sessionId starting with -', { sessionId: '-x' }, 'sessionId'],
    ['resumeSessionAt starting with -', { resume: UUID, resumeSessionAt: '-x' }, 'resumeSessionAt'],
    [
      'resumeDropsTurn starting with -',
      { resume: UUID, resumeSessionAt: 'a', resumeDropsTurn: '-x' },
      'resumeDropsTurn',
    ],
    ['resumeSessionAt without resume', { resumeSessionAt: 'a' }, 'resumeSessionAt'],
    ['resumeDropsTurn without resumeSessionAt', { resume: UUID, resumeDropsTurn: 'u' }, 'resumeDropsTurn'],
    ['maxTurns not a number', { maxTurns: 'many' }, 'maxTurns'],
    ['maxBudgetUsd NaN', { maxBudgetUsd: Number.NaN }, 'maxBudgetUsd'],
    ['taskBudget negative', { taskBudget: { total: -1 } }, 'taskBudget.total'],
    ['model flag injection', { model: '--bare' }, 'model'],
    ['effort starting with -', { effort: '--bare' }, 'effort'],
    ['thinking type unknown', { thinking: { type: 'sometimes' } }, 'thinking.type'],
    ['thinking display unknown', { thinking: { type: 'adaptive', display: 'loud' } }, 'thinking.display'],
    ['tools not a list', { tools: 'Bash' }, 'tools'],
    ['tool name with NUL', { allowedTools: ['a\0b'] }, 'allowedTools[]'],
    ['settingSources unknown', { settingSources: ['user', 'global'] }, 'settingSources[]'],
    ['plugin type unknown', { plugins: [{ type: 'remote', path: 'x' }] }, 'plugins[].type'],
    ['sandbox with settings path', { settings: '/s.json', sandbox: { enabled: true } }, 'settings'],
    ['sandbox with broken settings JSON', { settings: '{nope', sandbox: {} }, 'settings'],
    ['extraArgs name with dashes', { extraArgs: { '--x': null } }, 'extraArgs key'],
    ['extraArgs name with =', { extraArgs: { 'a=b': null } }, 'extraArgs key'],
    ['extraArgs value not a string', { extraArgs: { x: 3 } }, 'extraArgs.x'],
    [
      'systemPrompt preset unknown',
      { systemPrompt: { type: 'preset', preset: 'other' } },
      'systemPrompt.preset',
    ],
    ['systemPrompt number', { systemPrompt: 42 }, 'systemPrompt'],
    ['NUL byte in a value', { model: 'a\0b' }, 'model'],
    ['skills not a list', { skills: 'some' }, 'skills'],
    ['skill name with parenthesis', { skills: ['a(b)'] }, 'skills[]'],
    ['skill name with surrounding space', { skills: [' pdf'] }, 'skills[]'],
    ['skill name with wildcard suffix', { skills: ['pdf:*'] }, 'skills[]'],
    ['skill name with leading slash', { skills: ['/pdf'] }, 'skills[]'],
    ['skill name with trailing backslash', { skills: ['pdf\\'] }, 'skills[]'],
    ['skill name with control char', { skills: ['p\u0007df'] }, 'skills[]'],
    ['skill name with BOM', { skills: ['\ufeffpdf'] }, 'skills[]'],
    ['skill name with lone surrogate', { skills: ['pd\ud800f'] }, 'skills[]'],
    ['outputFormat schema missing', { outputFormat: { type: 'json_schema' } }, 'outputFormat.schema'],
    ['mcp config cyclic', { mcpServers: cyclicServers() }, 'mcpServers'],
    ['mcpServers given as a string (that is mcpConfig)', { mcpServers: '/path/mcp.json' }, 'mcpServers'],
    ['mcpConfig empty', { mcpConfig: '' }, 'mcpConfig'],
    ['debugCategories starting with -', { debugCategories: '-x' }, 'debugCategories'],
    ['systemPromptFile empty', { systemPromptFile: '' }, 'systemPromptFile'],
    [
      'plugin skipMcpDiscovery not a boolean',
      { plugins: [{ type: 'local', path: '/p', skipMcpDiscovery: 'yes' }] },
      'plugins[].skipMcpDiscovery',
    ],
  ];
  it.each(invalid)('should refuse %s with a TypeError naming the option', (_name, options, optionName) => {
    expect(() => buildCliArgs(options as CliOptions)).toThrow(TypeError);
    expect(() => buildCliArgs(options as CliOptions)).toThrow(optionName);
  });

  // Each row: a value the official SDK 0.3.332 accepts (run side by side with the real CLI), and
  // the flags it sends for it, which ours sends too.
  const asOfficial: Array<[string, Record<string, unknown>, string[]]> = [
    [
      'empty model, fallbackModel, resume, agent: unset',
      { model: '', fallbackModel: '', resume: '', agent: '' },
      [],
    ],
    [
      'empty permissionPromptToolName and settings: unset',
      { permissionPromptToolName: '', settings: '' },
      [],
    ],
    ['maxTurns 0: unset (no limit)', { maxTurns: 0 }, []],
    ['maxTurns NaN: unset', { maxTurns: Number.NaN }, []],
    ['maxTurns as given', { maxTurns: 1.5 }, ['--max-turns', '1.5']],
    ['maxTurns negative as given', { maxTurns: -1 }, ['--max-turns', '-1']],
    ['maxTurns as text', { maxTurns: '3' }, ['--max-turns', '3']],
    ['maxThinkingTokens fraction', { maxThinkingTokens: 1.5 }, ['--max-thinking-tokens', '1.5']],
    ['thinking budget 0', { thinking: { type: 'enabled', budgetTokens: 0 } }, ['--max-thinking-tokens', '0']],
    [
      'an effort level the CLI does not know (it warns, uses its default)',
      { effort: 'minimal' },
      ['--effort', 'minimal'],
    ],
    [
      'allow and deny rules with commas inside',
      { allowedTools: ['Bash(git diff:*,git log:*)'], disallowedTools: ['Bash(rm:*,mv:*)'] },
      ['--allowedTools', 'Bash(git diff:*,git log:*)', '--disallowedTools', 'Bash(rm:*,mv:*)'],
    ],
    [
      'empty tool names joined as given',
      { tools: ['Bash', ''], betas: [''] },
      ['--tools', 'Bash,', '--betas', ''],
    ],
    ['an empty additional directory', { additionalDirectories: [''] }, ['--add-dir', '']],
    ['a switch given as 1', { includePartialMessages: 1 }, ['--include-partial-messages']],
    ["a switch given as 'true'", { strictMcpConfig: 'true' }, ['--strict-mcp-config']],
    ['a switch given as 0', { bare: 0, forkSession: '' }, []],
    ['persistSession 0 keeps persistence (only false turns it off)', { persistSession: 0 }, []],
  ];
  it.each(asOfficial)('should read %s as the official SDK does', (_name, options, expected) => {
    expect(middle(options as CliOptions)).toEqual([...EMPTY_PROMPT, ...expected]);
  });

  it('should quote the bad value in the error', () => {
    expect(() => buildCliArgs({ resume: '-rf' })).toThrow('"-rf"');
  });

  it('should never let an id become its own argument (property)', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1 }), (id) => {
        const clean = id.replaceAll('\0', '');
        fc.pre(clean !== '');
        if (clean.startsWith('-')) {
          expect(() => buildCliArgs({ resume: clean })).toThrow(TypeError);
          return;
        }
        const argv = buildCliArgs({ resume: clean, sessionId: clean });
        expect(argv).toContain(`--resume=${clean}`);
        expect(argv).toContain(`--session-id=${clean}`);
        expect(argv).not.toContain(clean);
      }),
    );
  });

  it('should bind extraArgs values that start with a dash to their flag (property)', () => {
    const name = fc.stringMatching(/^[a-z][a-z0-9-]{0,12}$/);
    const value = fc.oneof(
      fc.constant(null),
      fc.string().filter((s) => !s.includes('\0')),
    );
    fc.assert(
      fc.property(fc.dictionary(name, value, { maxKeys: 6 }), (extra) => {
        const argv = middle({ extraArgs: extra }).slice(2);
        const expected: string[] = [];
        for (const [flag, v] of Object.entries(extra)) {
          if (v === null) expected.push(`--${flag}`);
          else if (v.startsWith('-')) expected.push(`--${flag}=${v}`);
          else expected.push(`--${flag}`, v);
        }
        expect(argv).toEqual(expected);
      }),
    );
  });
});

function cyclicServers(): Record<string, unknown> {
  const config: Record<string, unknown> = { command: 'node' };
  config.self = config;
  return { loop: config };
}
