import { foldSessionSummary } from '../fold-session-summary.js';
import type { SessionStoreEntry } from '../types.js';
import type { SessionStoreContract } from './contract.js';
import { sortedIds } from './contract-context.js';

/** Smallest mtime accepted as epoch milliseconds (2001-09-09). */
const MIN_EPOCH_MS = 1e12;

function conversation(sessionId: string, prompt: string): SessionStoreEntry[] {
  return [
    {
      type: 'user',
      uuid: crypto.randomUUID(),
      parentUuid: null,
      sessionId,
      timestamp: '2026-01-02T03:04:05.000Z',
      cwd: '/conformance/project',
      gitBranch: 'main',
      message: { role: 'user', content: prompt },
    },
    {
      type: 'assistant',
      uuid: crypto.randomUUID(),
      sessionId,
      timestamp: '2026-01-02T03:04:06.000Z',
      message: { role: 'assistant', content: [{ type: 'text', text: 'ok' }] },
    },
  ];
}

/** Contract of `listSessionSummaries` (maintained with `foldSessionSummary`). */
export const SUMMARY_CONTRACTS: readonly SessionStoreContract[] = [
  {
    id: 'list-session-summaries',
    title:
      'listSessionSummaries returns one folded summary per session of the project, stamped with epoch ms no older than listSessions',
    requires: ['listSessionSummaries'],
    async run(ctx) {
      const [s1, s2, other] = [ctx.key(), ctx.key(), ctx.key(ctx.projectB)];
      const written = new Map<string, SessionStoreEntry[]>();
      for (const key of [s1, s2, other]) {
        const first = conversation(key.sessionId, `first prompt of ${key.sessionId}`);
        const title = [
          { type: 'custom-title', customTitle: `title ${key.sessionId}`, sessionId: key.sessionId },
        ];
        await ctx.store.append(key, first);
        await ctx.store.append(key, title);
        written.set(key.sessionId, [...first, ...title]);
      }
      const rows = await ctx.optional('listSessionSummaries', ctx.projectA);
      ctx.equal(
        sortedIds(rows),
        [s1.sessionId, s2.sessionId].sort(),
        'one summary row per session of the project',
      );
      const listed = await ctx.ifSupported('listSessions', ctx.projectA);
      for (const row of rows) {
        ctx.check(
          Number.isFinite(row.mtime) && row.mtime > MIN_EPOCH_MS,
          `summary mtime must be epoch ms, got ${String(row.mtime)}`,
        );
        ctx.check(
          typeof row.data === 'object' && row.data !== null && !Array.isArray(row.data),
          'summary data must be an object',
        );
        const expected = foldSessionSummary(
          undefined,
          ctx.key(ctx.projectA, row.sessionId),
          written.get(row.sessionId)!,
        );
        ctx.equal(row.data, expected.data, `summary data of ${row.sessionId} (persist the fold verbatim)`);
        const listedRow = listed?.find((candidate) => candidate.sessionId === row.sessionId);
        if (listedRow !== undefined) {
          ctx.check(
            row.mtime >= listedRow.mtime,
            'summary mtime must not be older than the listSessions mtime',
          );
        }
        const refolded = foldSessionSummary(row, ctx.key(ctx.projectA, row.sessionId), []);
        ctx.equal(
          [refolded.sessionId, refolded.mtime],
          [row.sessionId, row.mtime],
          're-folding keeps id and mtime',
        );
      }
      const before = rows.find((row) => row.sessionId === s1.sessionId)!;
      await ctx.store.append(ctx.sub(s1, 'subagents/agent-1'), [
        { type: 'custom-title', customTitle: 'subagent title', sessionId: s1.sessionId },
        ...conversation(s1.sessionId, 'subagent prompt'),
      ]);
      const after = await ctx.optional('listSessionSummaries', ctx.projectA);
      ctx.equal(after.length, 2, 'summary rows after a subagent append');
      const s1After = after.find((row) => row.sessionId === s1.sessionId);
      ctx.equal(s1After?.data, before.data, 'summary data after a subagent append');
      ctx.equal(await ctx.optional('listSessionSummaries', `unknown-${ctx.projectA}`), [], 'unknown project');
      if (await ctx.attempt('delete', s1)) {
        const afterDelete = await ctx.optional('listSessionSummaries', ctx.projectA);
        ctx.equal(sortedIds(afterDelete), [s2.sessionId], 'summaries after deleting a session');
      }
    },
  },
];

/** Opt-in contract: retried batches that overlap are deduplicated by `uuid`. */
export const DEDUPE_CONTRACTS: readonly SessionStoreContract[] = [
  {
    id: 'uuid-dedupe',
    title: 'appending an entry whose uuid is already stored under the key does not store it twice',
    requires: [],
    optIn: 'uuidDedupe',
    async run(ctx) {
      const key = ctx.key();
      const [r1, r2, r3] = ctx.entries(3) as [SessionStoreEntry, SessionStoreEntry, SessionStoreEntry];
      await ctx.store.append(key, [r1, r2]);
      await ctx.store.append(key, [r2, r3]);
      const loaded = await ctx.store.load(key);
      ctx.equal(
        loaded?.map((entry) => entry.uuid),
        [r1.uuid, r2.uuid, r3.uuid],
        'uuids after an overlapping retry',
      );
    },
  },
];
