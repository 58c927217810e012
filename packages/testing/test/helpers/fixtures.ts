/**
 * Request bodies shaped like what Claude Code 2.1.332 sent the fake during the experiments
 * recorded in README.md ("What the CLI sends"), trimmed to the fields the rule looks at.
 */

const reminder = {
  type: 'text',
  text: '<system-reminder>\nAttribution for git commits...\n</system-reminder>\n',
};

/** A first turn: tools offered, the prompt after a system-reminder block, a role "system" entry last. */
export const mainTurnBody = {
  model: 'claude-opus-5-5',
  max_tokens: 128000,
  stream: true,
  system: [
    { type: 'text', text: 'x-anthropic-billing-header: cc_version=2.1.332.18b; cc_entrypoint=sdk-cli;' },
    { type: 'text', text: "You are a Claude agent, built on Anthropic's Claude Agent SDK." },
  ],
  messages: [
    { role: 'user', content: [reminder, { type: 'text', text: 'hi' }] },
    { role: 'system', content: [{ type: 'text', text: '# Environment\nYou have been invoked in ...' }] },
  ],
  tools: [
    { name: 'Bash', input_schema: { type: 'object' } },
    { name: 'Read', input_schema: { type: 'object' } },
  ],
  thinking: { type: 'adaptive', display: 'updates' },
  output_config: { effort: 'medium' },
};

/** The turn after a tool call: the last user message holds only the tool_result. */
export const toolResultTurnBody = {
  ...mainTurnBody,
  messages: [
    ...mainTurnBody.messages,
    {
      role: 'assistant',
      content: [{ type: 'tool_use', id: 'toolu_01abc', name: 'Bash', input: { command: 'echo hi' } }],
    },
    {
      role: 'user',
      content: [
        {
          tool_use_id: 'toolu_01abc',
          type: 'tool_result',
          content: 'hi',
          is_error: false,
          cache_control: { type: 'ephemeral' },
        },
      ],
    },
  ],
};

/** Title generation (SDK entrypoint, nonessential traffic on): `tools: []` and a JSON-schema answer. */
export const titleGenerationBody = {
  model: 'claude-opus-5-5',
  max_tokens: 128000,
  stream: true,
  system: [
    { type: 'text', text: 'You are naming a coding session ... Return JSON with a single "title" field.' },
  ],
  messages: [
    {
      role: 'user',
      content: [{ type: 'text', text: '<session>\nhi\n</session>\n\nWrite the title in ...' }],
    },
  ],
  tools: [],
  output_config: {
    effort: 'medium',
    format: {
      type: 'json_schema',
      schema: {
        type: 'object',
        properties: { title: { type: 'string' } },
        required: ['title'],
        additionalProperties: false,
      },
    },
  },
};

/** A turn with every tool disabled (`--tools ""`): no tools, no structured output, the prompt. */
export const toollessTurnBody = { ...mainTurnBody, tools: undefined };

/** A quota probe as older CLIs send it: one token, no tools. */
export const probeBody = {
  model: 'claude-opus-5-5',
  max_tokens: 1,
  messages: [{ role: 'user', content: 'quota' }],
};
