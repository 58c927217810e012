/**
 * Writes `test/fixtures/parity/projects`: one small session per behaviour of issue 13 (where our
 * session API must behave as the official SDK does), hand-made in the shapes the CLI writes. The
 * expected outputs, observed by running the official SDK 0.3.332 on these folders, are asserted
 * in `src/parity.test.ts`. Regenerate with `node scripts/make-parity-fixtures.mjs`, then format the
 * sidecars with `pnpm exec biome check --write test/fixtures/parity`.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../test/fixtures/parity/projects/', import.meta.url));
rmSync(root, { recursive: true, force: true });
const PROJECT = join(root, '-home-dev-parity');
const CWD = '/home/dev/parity';

const sid = (n) => `00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;
const mid = (s, n) => `${s.slice(0, 24)}${(0x100000 + n).toString(16).padStart(12, '0')}`;
let clock = Date.UTC(2026, 4, 1, 10);
const ts = () => {
  clock += 1000;
  return new Date(clock).toISOString();
};
const common = (s) => ({
  sessionId: s,
  cwd: CWD,
  version: '2.1.332',
  gitBranch: 'main',
  isSidechain: false,
  userType: 'external',
  entrypoint: 'cli',
});
const user = (s, n, parent, content, extra = {}) => ({
  parentUuid: parent,
  ...common(s),
  type: 'user',
  message: { role: 'user', content },
  uuid: mid(s, n),
  timestamp: ts(),
  ...extra,
});
const assistant = (s, n, parent, content, id, extra = {}) => ({
  parentUuid: parent,
  ...common(s),
  type: 'assistant',
  message: { id, type: 'message', role: 'assistant', model: 'claude-test', content, stop_reason: null },
  uuid: mid(s, n),
  timestamp: ts(),
  requestId: `req_${n}`,
  ...extra,
});
const text = (t) => [{ type: 'text', text: t }];
const toolUse = (id) => [{ type: 'tool_use', id, name: 'Bash', input: { command: `echo ${id}` } }];
const toolResult = (id) => [{ type: 'tool_result', tool_use_id: id, content: id }];
/** A compact boundary after message 4 of `s` (uuid: message 5), as the CLI writes one. */
const compactBoundary = (s, compactMetadata) => ({
  type: 'system',
  subtype: 'compact_boundary',
  uuid: mid(s, 5),
  parentUuid: null,
  logicalParentUuid: mid(s, 4),
  sessionId: s,
  timestamp: ts(),
  content: 'Conversation compacted',
  compactMetadata,
});
function write(s, lines, folder = PROJECT, prefix = '') {
  mkdirSync(folder, { recursive: true });
  writeFileSync(join(folder, `${s}.jsonl`), prefix + lines.map((l) => `${JSON.stringify(l)}\n`).join(''));
}
function sidecar(s, name, body) {
  mkdirSync(join(PROJECT, s), { recursive: true });
  writeFileSync(join(PROJECT, s, name), typeof body === 'string' ? body : JSON.stringify(body));
}

// 1. Parallel tool calls: two tool_use entries of one API message, each result off its own call.
{
  const s = sid(0x201);
  write(s, [
    user(s, 1, null, 'run two tools'),
    assistant(s, 2, mid(s, 1), toolUse('toolu_A'), 'msg_p1'),
    assistant(s, 3, mid(s, 2), toolUse('toolu_B'), 'msg_p1'),
    user(s, 4, mid(s, 2), toolResult('toolu_A'), { sourceToolAssistantUUID: mid(s, 2) }),
    user(s, 5, mid(s, 3), toolResult('toolu_B'), { sourceToolAssistantUUID: mid(s, 3) }),
    assistant(s, 6, mid(s, 5), text('both done'), 'msg_p2'),
  ]);
}
// 1b. The same with both calls hanging off the prompt (siblings).
{
  const s = sid(0x221);
  write(s, [
    user(s, 1, null, 'run two sibling tools'),
    assistant(s, 2, mid(s, 1), toolUse('toolu_A'), 'msg_q1'),
    assistant(s, 3, mid(s, 1), toolUse('toolu_B'), 'msg_q1'),
    user(s, 4, mid(s, 2), toolResult('toolu_A')),
    user(s, 5, mid(s, 3), toolResult('toolu_B')),
    assistant(s, 6, mid(s, 5), text('both done'), 'msg_q2'),
  ]);
}
// 2. First prompt text.
write(sid(0x202), [user(sid(0x202), 1, null, '<bash-input>ls -la</bash-input>')]);
write(sid(0x222), [
  user(sid(0x222), 1, null, '<bash-input>  echo hi  </bash-input>\n<bash-stdout>hi</bash-stdout>'),
]);
write(sid(0x223), [
  user(sid(0x223), 1, null, [
    { type: 'text', text: '<system-reminder>context</system-reminder>' },
    { type: 'text', text: '<hook-output kind="x">y' },
  ]),
  user(sid(0x223), 2, mid(sid(0x223), 1), 'line one\nline two\n\nline three'),
]);
write(sid(0x224), [
  user(sid(0x224), 1, null, '[Request interrupted by user]'),
  user(sid(0x224), 2, mid(sid(0x224), 1), '  tabs\t\tkept\n  and   spaces  '),
]);
write(sid(0x225), [user(sid(0x225), 1, null, '<Upper>not a tag</Upper>')]);
// 3. Image-only and document-only prompts.
write(sid(0x203), [
  user(sid(0x203), 1, null, [
    { type: 'image', source: { type: 'base64', media_type: 'image/png', data: 'iVBORw0KGgo=' } },
  ]),
]);
write(sid(0x233), [
  user(sid(0x233), 1, null, [
    { type: 'document', source: { type: 'base64', media_type: 'application/pdf', data: 'JVBERi0=' } },
  ]),
]);
write(sid(0x243), [
  user(sid(0x243), 1, null, [
    { type: 'image', source: { type: 'base64', media_type: 'image/png', data: 'iVBORw0KGgo=' } },
    { type: 'text', text: 'describe this' },
  ]),
]);
// 4. A programmatic session whose first line is longer than the 64 KiB head.
{
  const s = sid(0x204);
  write(s, [
    user(s, 1, null, `huge ${'x'.repeat(70 * 1024)}`, { entrypoint: 'sdk-ts' }),
    assistant(s, 2, mid(s, 1), text('ok'), 'msg_e', { entrypoint: 'sdk-ts' }),
    { type: 'last-prompt', lastPrompt: 'huge prompt', sessionId: s },
  ]);
}
// 5. Relocated sessions.
{
  const s = sid(0x205);
  write(s, [
    user(s, 1, null, 'relocate twice'),
    { type: 'relocated', relocatedCwd: '/home/dev/first-move', sessionId: s },
    { type: 'relocated', relocatedCwd: '/home/dev/moved', sessionId: s },
  ]);
}
{
  const s = sid(0x235);
  write(s, [
    user(s, 1, null, 'relocate then blank'),
    { type: 'relocated', relocatedCwd: '/home/dev/moved', sessionId: s },
    { type: 'relocated', relocatedCwd: '', sessionId: s },
  ]);
}
// 6. Title sidecars.
write(sid(0x206), [user(sid(0x206), 1, null, 'sidecar prompt')]);
sidecar(sid(0x206), 'custom-title.json', { customTitle: '  Sidecar\u0007 title\n  ' });
write(sid(0x236), [user(sid(0x236), 1, null, 'long sidecar prompt')]);
sidecar(sid(0x236), 'custom-title.json', { customTitle: 'y'.repeat(300) });
write(sid(0x246), [
  user(sid(0x246), 1, null, 'entry beats sidecar'),
  { type: 'custom-title', customTitle: 'Entry title', sessionId: sid(0x246) },
]);
sidecar(sid(0x246), 'custom-title.json', { customTitle: 'Sidecar title' });
write(sid(0x256), [user(sid(0x256), 1, null, 'sidecar without customTitle')]);
sidecar(sid(0x256), 'custom-title.json', { title: 'not read' });
// 7. Archive marks superseded by a newer prompt (or queued command).
const mark = { archived: true, at: '2026-05-01T11:00:00.000Z', by: 'sdk' };
const early = { timestamp: '2026-05-01T09:00:00.000Z' };
const late = { timestamp: '2026-05-01T12:00:00.000Z' };
{
  const s = sid(0x207);
  write(s, [
    user(s, 1, null, 'archived, then prompted', early),
    user(s, 2, mid(s, 1), 'a later prompt', late),
  ]);
  sidecar(s, 'archived.json', mark);
}
{
  const s = sid(0x237);
  write(s, [
    user(s, 1, null, 'archived, later reply only', early),
    assistant(s, 2, mid(s, 1), text('late reply'), 'msg_l', late),
  ]);
  sidecar(s, 'archived.json', mark);
}
{
  const s = sid(0x247);
  write(s, [
    user(s, 1, null, 'archived, then queued', early),
    {
      type: 'attachment',
      attachment: { type: 'queued_command', prompt: 'queued' },
      uuid: mid(s, 2),
      parentUuid: mid(s, 1),
      sessionId: s,
      ...late,
    },
  ]);
  sidecar(s, 'archived.json', mark);
}
{
  const s = sid(0x257);
  write(s, [
    user(s, 1, null, 'archived, later meta entry', early),
    user(s, 2, mid(s, 1), 'meta', { ...late, isMeta: true, isQueuedCommand: true }),
  ]);
  sidecar(s, 'archived.json', mark);
}
// 8. continued-in.
write(sid(0x238), [user(sid(0x238), 1, null, 'the continuation')]);
write(sid(0x208), [
  user(sid(0x208), 1, null, 'continued elsewhere'),
  { type: 'continued-in', sessionId: sid(0x208), continuedInSessionId: sid(0x238) },
]);
write(sid(0x248), [
  user(sid(0x248), 1, null, 'continuation missing'),
  { type: 'continued-in', sessionId: sid(0x248), continuedInSessionId: sid(0x2ff) },
]);
write(sid(0x258), [
  user(sid(0x258), 1, null, 'continued, then resumed'),
  { type: 'continued-in', sessionId: sid(0x258), continuedInSessionId: sid(0x238) },
  user(sid(0x258), 2, mid(sid(0x258), 1), 'back here'),
]);
// 9. Byte order mark before line 1.
write(
  sid(0x209),
  [
    user(sid(0x209), 1, null, 'after a byte order mark', { timestamp: '2026-05-01T08:00:00.000Z' }),
    user(sid(0x209), 2, mid(sid(0x209), 1), 'second prompt'),
    { type: 'last-prompt', lastPrompt: 'second prompt', sessionId: sid(0x209) },
  ],
  PROJECT,
  '\ufeff',
);
// 12. Message flags.
{
  const s = sid(0x20c);
  write(s, [
    user(s, 1, null, 'flags prompt'),
    user(s, 2, mid(s, 1), 'summary of earlier turns', { isCompactSummary: true }),
    user(s, 3, mid(s, 2), 'queued prompt', { isQueuedCommand: true }),
    assistant(s, 4, mid(s, 3), text('cut short'), 'msg_f1', { interruptedByShutdown: true }),
    user(s, 5, mid(s, 4), 'transcript only', { isVisibleInTranscriptOnly: true }),
    user(s, 6, mid(s, 5), 'flags false', {
      isQueuedCommand: false,
      interruptedByShutdown: false,
      isCompactSummary: false,
    }),
    assistant(s, 7, mid(s, 6), text('end'), 'msg_f2'),
  ]);
}
// 13-15. Fork sources.
{
  const s = sid(0x20d);
  write(s, [
    { type: 'queue-operation', operation: 'enqueue', timestamp: ts(), sessionId: s, content: 'fork me' },
    user(s, 1, null, 'fork me'),
    { type: 'atis-latch', atis: 'early', sessionId: s },
    { type: 'tools-used', tools: ['Bash'], sessionId: s },
    assistant(s, 2, mid(s, 1), text('first answer'), 'msg_k1'),
    { type: 'last-prompt', lastPrompt: 'fork me', sessionId: s },
    user(s, 3, mid(s, 2), 'second prompt'),
    assistant(s, 4, mid(s, 3), text('second answer'), 'msg_k2'),
    compactBoundary(s, { trigger: 'manual' }),
    { type: 'relocated', relocatedCwd: '/home/dev/moved', sessionId: s },
    { type: 'atis-latch', atis: 'late', sessionId: s },
    { type: 'tools-used', tools: ['Read'], sessionId: s },
    { type: 'custom-title', customTitle: 'Source title', sessionId: s },
    { type: 'mode', mode: 'plan', sessionId: s },
    { type: 'cost-state', sessionId: s, cost: 2 },
  ]);
}
{
  const s = sid(0x23d);
  const from = { sessionId: sid(0x2fd), messageUuid: mid(sid(0x2fd), 1) };
  write(s, [
    user(s, 1, null, 'a fork of a fork', { forkedFrom: from }),
    assistant(s, 2, mid(s, 1), text('ok'), 'msg_c1', { forkedFrom: from }),
  ]);
}
write(sid(0x24d), [user(sid(0x24d), 1, null, 'titled by sidecar')]);
sidecar(sid(0x24d), 'custom-title.json', { customTitle: 'From sidecar' });
// 16. One session id in two project folders (the second's copy is newer and larger).
write(
  sid(0x210),
  [user(sid(0x210), 1, null, 'copy in the first folder', { cwd: '/home/dev/dup-a' })],
  join(root, '-home-dev-dup-a'),
);
write(
  sid(0x210),
  [
    user(sid(0x210), 1, null, 'copy in the second folder', { cwd: '/home/dev/dup-b' }),
    user(sid(0x210), 2, mid(sid(0x210), 1), 'and more', { cwd: '/home/dev/dup-b' }),
  ],
  join(root, '-home-dev-dup-b'),
);
// 18. Partial compactions: a compact boundary that kept messages, which a reader splices in after
// the anchor (as CLI 2.1.332 writes them: `preservedMessages`, with the older `preservedSegment`).
function compacted(s, compactMetadata, { anchorIsBoundary = false } = {}) {
  const boundary = compactBoundary(s, { trigger: 'manual', preTokens: 1000, ...compactMetadata });
  write(s, [
    user(s, 1, null, `compacted ${anchorIsBoundary ? 'after its start' : 'with a kept tail'}`),
    assistant(s, 2, mid(s, 1), text('first answer'), `msg_${s.slice(-3)}_1`),
    user(s, 3, mid(s, 2), 'second prompt'),
    assistant(s, 4, mid(s, 3), text('second answer'), `msg_${s.slice(-3)}_2`),
    boundary,
    user(s, 6, mid(s, 5), 'summary of the conversation', { isCompactSummary: true }),
    user(s, 7, mid(s, 6), 'after the compaction'),
    assistant(s, 8, mid(s, 7), text('third answer'), `msg_${s.slice(-3)}_3`),
  ]);
}
/** The `compactMetadata` parts that name kept messages, by message number in session `s` (anchor: the summary, 6). */
const keptList = (s, ns, anchor = 6) => ({ anchorUuid: mid(s, anchor), uuids: ns.map((n) => mid(s, n)) });
const keptRun = (s, head, tail, anchor = 6) => ({
  headUuid: mid(s, head),
  anchorUuid: mid(s, anchor),
  tailUuid: mid(s, tail),
});
// As CLI 2.1.332 writes it: the list and the segment.
compacted(sid(0x260), {
  preservedSegment: keptRun(sid(0x260), 4, 4),
  preservedMessages: keptList(sid(0x260), [4]),
});
compacted(sid(0x261), { preservedMessages: keptList(sid(0x261), [3, 4]) });
compacted(sid(0x262), { preservedSegment: keptRun(sid(0x262), 3, 4) });
// A kept uuid the transcript lacks.
compacted(sid(0x263), { preservedMessages: keptList(sid(0x263), [3, 99, 4]) });
// Anchored at the boundary itself (the start kept).
compacted(sid(0x264), { preservedMessages: keptList(sid(0x264), [1, 2], 5) }, { anchorIsBoundary: true });
// The list's order, not the old links.
compacted(sid(0x265), { preservedMessages: keptList(sid(0x265), [4, 3]) });
// The list's anchor is not in the transcript.
compacted(sid(0x266), { preservedMessages: keptList(sid(0x266), [4], 98) });
// The list and the segment disagree.
compacted(sid(0x267), {
  preservedSegment: keptRun(sid(0x267), 4, 4),
  preservedMessages: keptList(sid(0x267), [3]),
});
// The segment's head is not in the transcript.
compacted(sid(0x268), { preservedSegment: keptRun(sid(0x268), 97, 4) });
// The segment's tail is not in the transcript.
compacted(sid(0x269), { preservedSegment: keptRun(sid(0x269), 3, 96) });
// Head and tail swapped: the head follows the tail.
compacted(sid(0x26a), { preservedSegment: keptRun(sid(0x26a), 4, 3) });
// The segment's anchor is not in the transcript.
compacted(sid(0x26b), { preservedSegment: keptRun(sid(0x26b), 3, 4, 95) });
// A kept uuid missing, and the older segment there too.
compacted(sid(0x26c), {
  preservedSegment: keptRun(sid(0x26c), 4, 4),
  preservedMessages: keptList(sid(0x26c), [3, 94]),
});
// An empty list of kept messages, and the older segment.
compacted(sid(0x26d), {
  preservedSegment: keptRun(sid(0x26d), 4, 4),
  preservedMessages: keptList(sid(0x26d), []),
});

// 20. Local commands: a slash command run in the CLI itself (its hidden caveat, the command, its
// output), which the readers mark `isCompletedLocalCommand`. One session per scenario, spelled
// one letter per entry (see LOCAL_COMMAND_ENTRIES), each entry the parent of the next.
const CAVEAT =
  '<local-command-caveat>Caveat: The messages below were generated by the user while running local commands. DO NOT respond to these messages or otherwise consider them in your response unless the user explicitly asks you to.</local-command-caveat>';
const COMMAND =
  '<command-name>/cost</command-name>\n            <command-message>cost</command-message>\n            <command-args></command-args>';
const STDOUT = '<local-command-stdout>Total cost: $0.0000</local-command-stdout>';
const LOCAL_COMMAND_ENTRIES = {
  P: (s, n, parent) => user(s, n, parent, `prompt ${n}`),
  A: (s, n, parent) => assistant(s, n, parent, text(`answer ${n}`), `msg_${s.slice(-3)}_${n}`),
  D: (s, n, parent) =>
    assistant(s, n, parent, text(`meta answer ${n}`), `msg_${s.slice(-3)}_${n}`, { isMeta: true }),
  C: (s, n, parent) => user(s, n, parent, CAVEAT, { isMeta: true }),
  X: (s, n, parent) => user(s, n, parent, ` ${CAVEAT}`, { isMeta: true }),
  c: (s, n, parent) => user(s, n, parent, CAVEAT),
  K: (s, n, parent) => user(s, n, parent, COMMAND),
  L: (s, n, parent) => user(s, n, parent, COMMAND, { isMeta: true }),
  N: (s, n, parent) =>
    user(s, n, parent, '<command-message>cost</command-message>\n<command-name>/cost</command-name>'),
  k: (s, n, parent) =>
    user(s, n, parent, [
      { type: 'text', text: 'before' },
      { type: 'text', text: COMMAND },
    ]),
  z: (s, n, parent) =>
    user(s, n, parent, [
      { type: 'text', text: COMMAND },
      { type: 'text', text: 'after' },
    ]),
  O: (s, n, parent) => user(s, n, parent, STDOUT),
  E: (s, n, parent) => user(s, n, parent, '<local-command-stderr>no such command</local-command-stderr>'),
  o: (s, n, parent) =>
    user(s, n, parent, [
      { type: 'image', source: { type: 'base64', media_type: 'image/png', data: 'iVBORw0KGgo=' } },
      { type: 'text', text: STDOUT },
    ]),
  M: (s, n, parent) => user(s, n, parent, 'a meta note', { isMeta: true }),
  T: (s, n, parent) => ({
    parentUuid: parent,
    ...common(s),
    type: 'attachment',
    attachment: { type: 'todo_reminder', content: [] },
    uuid: mid(s, n),
    timestamp: ts(),
  }),
  S: (s, n, parent) => ({
    parentUuid: parent,
    ...common(s),
    type: 'system',
    subtype: 'informational',
    content: 'a system note',
    level: 'info',
    isMeta: false,
    uuid: mid(s, n),
    timestamp: ts(),
  }),
};
const LOCAL_COMMAND_SCENARIOS = [
  'PACKOP', // a command and its output
  'PACKP', // a command without output
  'PACOP', // output without a command
  'PACKAOP', // an assistant entry ends the run
  'PAcKOP', // a caveat that is not meta announces nothing
  'PAXKOP', // nor one whose text does not open with the tag
  'PAKOP', // a command without a caveat
  'PACKKOP', // a second command needs its own caveat
  'PACKOOEP', // several outputs, stdout and stderr
  'PACKPOP', // a prompt ends the run
  'PACMKMOP', // meta entries in between change nothing
  'PACTKTSOP', // nor attachments and system entries
  'PACKOCKOP', // two commands, each after its caveat
  'PACKCOP', // a caveat inside a run keeps it going
  'PACkoP', // array content: the last text block decides, after an image too
  'PACzOP', // a text block after the command's: not a command
  'PACNOP', // the command tag must open the text
  'PACLOP', // a meta command is not one
  'PACKDOP', // a meta assistant entry ends the run too
];
LOCAL_COMMAND_SCENARIOS.forEach((scenario, index) => {
  const s = sid(0x270 + index);
  let parent = null;
  write(
    s,
    [...scenario].map((letter, n) => {
      const entry = LOCAL_COMMAND_ENTRIES[letter](s, n + 1, parent);
      parent = entry.uuid;
      return entry;
    }),
  );
});

// 21. A subagent's transcript with meta entries (which a subagent's messages include, marked
// is_meta) and a local command.
{
  const s = sid(0x290);
  write(s, [user(s, 1, null, 'spawn a helper')]);
  const folder = join(PROJECT, s, 'subagents');
  let parent = null;
  write(
    'agent-a0000000000000290',
    [...'PAMCKODP'].map((letter, n) => {
      const entry = {
        ...LOCAL_COMMAND_ENTRIES[letter](s, n + 10, parent),
        isSidechain: true,
        agentId: 'a0000000000000290',
      };
      parent = entry.uuid;
      return entry;
    }),
    folder,
  );
}

// 22. Which branch is the conversation: the latest leaf, passing over subagent (sidechain) and
// team leaves but not meta ones (a meta leaf on a branch of its own leaves nothing to show).
{
  const branches = [
    // [extra of entry 3, its type, its parent: null, 'missing' or an entry number]
    [{ isMeta: true }, 'user', null],
    [{ isMeta: true }, 'user', 'missing'],
    [{ isMeta: true }, 'assistant', null],
    [{ isSidechain: true }, 'user', null],
    [{ teamName: 'reviewers' }, 'user', null],
    [{ isMeta: true }, 'user', 1],
  ];
  branches.forEach(([extra, type, parentOf3], index) => {
    const s = sid(0x2a0 + index);
    const parent = parentOf3 === null ? null : parentOf3 === 'missing' ? mid(s, 99) : mid(s, parentOf3);
    write(s, [
      user(s, 1, null, `branching ${index}`),
      assistant(s, 2, mid(s, 1), text('an answer'), `msg_${s.slice(-3)}_2`),
      type === 'user'
        ? user(s, 3, parent, 'the latest branch', extra)
        : assistant(s, 3, parent, text('the latest branch'), `msg_${s.slice(-3)}_3`, extra),
    ]);
  });
  // A prompt on the meta branch makes it the conversation.
  const s = sid(0x2a6);
  write(s, [
    user(s, 1, null, 'branching 6'),
    assistant(s, 2, mid(s, 1), text('an answer'), `msg_${s.slice(-3)}_2`),
    user(s, 3, null, 'a meta note', { isMeta: true }),
    user(s, 4, mid(s, 3), 'a prompt after it'),
  ]);
}
