import { randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, realpath, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sanitizePath } from '@ccsdk/session-jsonl';

type Entry = Record<string, unknown>;

/** A temp config dir with a corpus of transcripts covering the listing and chain rules. */
export interface SessionCorpus {
  readonly root: string;
  readonly configDir: string;
  /** The project directory (canonical) the sessions belong to. */
  readonly projectDir: string;
  readonly projectKey: string;
  /** Session ids by name. */
  readonly ids: Record<string, string>;
  /** File mtimes set on the main transcripts, by session id (epoch ms). */
  readonly mtimes: Map<string, number>;
}

let clock = Date.parse('2026-03-01T10:00:00.000Z');
const ts = (): string => {
  clock += 1000;
  return new Date(clock).toISOString();
};

function user(sessionId: string, parentUuid: string | null, content: unknown, extra: Entry = {}): Entry {
  return {
    type: 'user',
    uuid: randomUUID(),
    parentUuid,
    sessionId,
    timestamp: ts(),
    cwd: '/work/app',
    message: { role: 'user', content },
    ...extra,
  };
}

function assistant(sessionId: string, parentUuid: string | null, text: string, extra: Entry = {}): Entry {
  return {
    type: 'assistant',
    uuid: randomUUID(),
    parentUuid,
    sessionId,
    timestamp: ts(),
    message: { role: 'assistant', id: `msg_${randomUUID()}`, content: [{ type: 'text', text }] },
    ...extra,
  };
}

/** A chain: each entry's parentUuid is the previous entry's uuid. */
function chain(sessionId: string, turns: [kind: 'u' | 'a', content: unknown, extra?: Entry][]): Entry[] {
  const out: Entry[] = [];
  for (const [kind, content, extra] of turns) {
    const parent = (out.at(-1)?.['uuid'] as string | undefined) ?? null;
    out.push(
      kind === 'u'
        ? user(sessionId, parent, content, extra)
        : assistant(sessionId, parent, content as string, extra),
    );
  }
  return out;
}

const jsonl = (entries: readonly (Entry | string)[]) =>
  entries.map((e) => (typeof e === 'string' ? e : JSON.stringify(e))).join('\n') + '\n';

function corpusSessions(ids: Record<string, string>): Record<string, (Entry | string)[]> {
  const s = (name: string) => {
    ids[name] ??= randomUUID();
    return ids[name]!;
  };
  const plain = s('plain');
  const toolTurn = chain(plain, [
    ['u', 'Fix the login bug', { gitBranch: 'main' }],
    ['a', 'Looking.'],
  ]);
  const toolUseId = `toolu_${randomUUID()}`;
  toolTurn.push({
    ...assistant(plain, toolTurn.at(-1)!['uuid'] as string, 'x'),
    message: {
      role: 'assistant',
      content: [{ type: 'tool_use', id: toolUseId, name: 'Bash', input: { command: 'ls' } }],
    },
  });
  toolTurn.push(
    user(
      plain,
      toolTurn.at(-1)!['uuid'] as string,
      [{ type: 'tool_result', tool_use_id: toolUseId, content: 'a.ts' }],
      { gitBranch: 'feature/login' },
    ),
  );
  toolTurn.push(assistant(plain, toolTurn.at(-1)!['uuid'] as string, 'Fixed.'));
  const titled = s('titled');
  const branched = s('branched');
  const b = chain(branched, [
    ['u', 'Start a branch test'],
    ['a', 'ok'],
  ]);
  const progress = {
    type: 'progress',
    uuid: randomUUID(),
    parentUuid: b[1]!['uuid'],
    sessionId: branched,
    timestamp: ts(),
    data: {},
  };
  const oldLeaf = user(branched, b[1]!['uuid'] as string, 'first branch');
  const newLeaf = user(branched, progress.uuid, 'second branch', { origin: { kind: 'task-notification' } });
  const answer = assistant(branched, newLeaf['uuid'] as string, 'answer on the second branch');
  const sidechainLeaf = user(branched, answer['uuid'] as string, 'sidechain', { isSidechain: true });
  const system = {
    type: 'system',
    subtype: 'compact_boundary',
    uuid: randomUUID(),
    parentUuid: answer['uuid'],
    sessionId: branched,
    timestamp: ts(),
    content: 'compacted',
  };
  const compact = user(branched, system.uuid, 'Summary of the earlier conversation', {
    isCompactSummary: true,
  });
  const meta = user(branched, compact['uuid'] as string, 'meta note', { isMeta: true });
  const last = assistant(branched, meta['uuid'] as string, 'after compaction');
  const cycle = s('cycle');
  const c1 = user(cycle, null, 'cycle start');
  const c2 = assistant(cycle, c1['uuid'] as string, 'cycle end');
  c1['parentUuid'] = c2['uuid'];
  return {
    plain: toolTurn,
    titled: [
      ...chain(titled, [
        ['u', 'Original prompt'],
        ['a', 'ok'],
      ]),
      { type: 'ai-title', aiTitle: 'AI named it', sessionId: titled },
      { type: 'custom-title', customTitle: 'First title', sessionId: titled },
      { type: 'summary', summary: 'A summary hint', leafUuid: randomUUID() },
      { type: 'custom-title', customTitle: 'Final title', sessionId: titled },
    ],
    aiTitled: [
      ...chain(s('aiTitled'), [
        ['u', 'Prompt for ai title'],
        ['a', 'ok'],
      ]),
      { type: 'ai-title', aiTitle: 'Only an AI title', sessionId: s('aiTitled') },
      { type: 'last-prompt', lastPrompt: 'the last prompt', sessionId: s('aiTitled') },
    ],
    lastPrompt: [
      ...chain(s('lastPrompt'), [
        ['u', 'Prompt one'],
        ['a', 'ok'],
      ]),
      { type: 'last-prompt', lastPrompt: 'Prompt two, the latest', sessionId: s('lastPrompt') },
    ],
    commandFirst: chain(s('commandFirst'), [
      ['u', '<command-name>/help</command-name>\n<command-message>help</command-message>'],
      ['u', '<local-command-stdout>usage...</local-command-stdout>'],
      ['u', 'a meta reminder', { isMeta: true }],
      [
        'u',
        [
          { type: 'text', text: '<ide_opened_file>x.ts</ide_opened_file>' },
          { type: 'text', text: 'Now refactor\nthe parser' },
        ],
      ],
      ['a', 'ok'],
    ]),
    commandOnly: chain(s('commandOnly'), [
      ['u', '<command-name>/init</command-name>'],
      ['a', 'initialized'],
    ]),
    sidechain: chain(s('sidechain'), [
      ['u', 'I am a sidechain', { isSidechain: true }],
      ['a', 'yes', { isSidechain: true }],
    ]),
    metadataOnly: [
      { type: 'file-history-snapshot', messageId: randomUUID(), snapshot: {} },
      user(s('metadataOnly'), null, 'meta only', { isMeta: true }),
    ],
    tagged: [
      ...chain(s('tagged'), [
        ['u', 'Tag me'],
        ['a', 'ok'],
      ]),
      { type: 'tag', tag: 'urgent', sessionId: s('tagged') },
      { type: 'tool_use', tag: 'not-a-tag' },
    ],
    tagCleared: [
      ...chain(s('tagCleared'), [
        ['u', 'Tag then clear'],
        ['a', 'ok'],
      ]),
      { type: 'tag', tag: 'old', sessionId: s('tagCleared') },
      { type: 'tag', tag: '', sessionId: s('tagCleared') },
    ],
    noCwd: [
      {
        type: 'user',
        uuid: randomUUID(),
        parentUuid: null,
        sessionId: s('noCwd'),
        message: { role: 'user', content: 'No cwd and no timestamp here' },
      },
      assistant(s('noCwd'), null, 'ok'),
    ],
    longPrompt: chain(s('longPrompt'), [
      ['u', `${'word '.repeat(60)}\n${'é'.repeat(50)} 😀 end`],
      ['a', 'ok'],
    ]),
    unicode: chain(s('unicode'), [
      ['u', 'Ünïcødé prompt 😀 with "quotes" and \\ backslash'],
      ['a', 'ok'],
    ]),
    branched: [...b, progress, oldLeaf, newLeaf, answer, sidechainLeaf, system, compact, meta, last],
    cycle: [c1, c2],
    malformed: [
      ...chain(s('malformed'), [
        ['u', 'Has a broken line'],
        ['a', 'ok'],
      ]),
      '{"type":"user","uuid":"cut-off',
      'not json at all',
    ],
    withSubagents: chain(s('withSubagents'), [
      ['u', 'Spawn two subagents'],
      ['a', 'spawning'],
    ]),
    tieA: chain(s('tieA'), [
      ['u', 'Same mtime A'],
      ['a', 'ok'],
    ]),
    tieB: chain(s('tieB'), [
      ['u', 'Same mtime B'],
      ['a', 'ok'],
    ]),
  };
}

/** Writes the corpus into a fresh temp config dir. */
export async function createSessionCorpus(): Promise<SessionCorpus> {
  const root = await realpath(await mkdtemp(join(tmpdir(), 'ccsdk-store-corpus-')));
  const configDir = join(root, 'config');
  const projectDir = join(root, 'work', 'app');
  await mkdir(projectDir, { recursive: true });
  const projectKey = sanitizePath(projectDir);
  const folder = join(configDir, 'projects', projectKey);
  await mkdir(folder, { recursive: true });
  const ids: Record<string, string> = {};
  const sessions = corpusSessions(ids);
  const mtimes = new Map<string, number>();
  let mtime = Date.parse('2026-04-01T00:00:00.000Z');
  for (const [name, entries] of Object.entries(sessions)) {
    const id = ids[name]!;
    const file = join(folder, `${id}.jsonl`);
    await writeFile(file, jsonl(entries));
    mtime += name === 'tieB' ? 0 : 60_000;
    await utimes(file, mtime / 1000, mtime / 1000);
    mtimes.set(id, mtime);
  }
  const parent = ids['withSubagents']!;
  const sub = join(folder, parent, 'subagents');
  await mkdir(join(sub, 'workflows', 'run-1'), { recursive: true });
  const toolUseId = `toolu_${randomUUID()}`;
  await writeFile(
    join(sub, 'agent-a1.jsonl'),
    jsonl(
      chain(parent, [
        ['u', 'Subagent one task', { isSidechain: true }],
        ['a', 'done one', { isSidechain: true }],
      ]),
    ),
  );
  await writeFile(
    join(sub, 'agent-a1.meta.json'),
    JSON.stringify({ agentType: 'general-purpose', toolUseId }),
  );
  await writeFile(
    join(sub, 'workflows', 'run-1', 'agent-b2.jsonl'),
    jsonl(
      chain(parent, [
        ['u', 'Nested task'],
        ['a', 'nested done'],
        ['u', 'more'],
        ['a', 'final'],
      ]),
    ),
  );
  await writeFile(
    join(sub, 'workflows', 'run-1', 'agent-b2.meta.json'),
    JSON.stringify({ toolUseId: 'toolu_nested', parentAgentId: 'a1' }),
  );
  return { root, configDir, projectDir, projectKey, ids, mtimes };
}
