import type { SDKSessionInfo } from '@ccsdk/session-jsonl';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ANSI_PAINT, NO_PAINT } from '../render/paint.js';
import { textColumns } from './fit-text.js';
import { humanSize, relativeTime } from './human-units.js';
import { MIN_TITLE_COLUMNS, sessionTable, tableWidth } from './session-table.js';

const NOW = Date.UTC(2026, 11, 1, 12);
/** The narrowest line the table can make: the id, a gap and the least title. */
const NARROWEST_COLUMNS = 36 + 2 + MIN_TITLE_COLUMNS;

const session = fc.record({
  sessionId: fc.uuid(),
  summary: fc.oneof(
    fc.string({ unit: 'grapheme', maxLength: 300 }),
    fc.string({ unit: fc.constantFrom('日', '本', 'a', '\u0301', '🙂', '\n'), maxLength: 80 }),
  ),
  lastModified: fc.integer({ min: 0, max: NOW }),
  fileSize: fc.option(fc.nat(), { nil: undefined }),
  cwd: fc.option(fc.string({ unit: fc.constantFrom('/', '日', 'a', 'é'), maxLength: 120 }), {
    nil: undefined,
  }),
  tag: fc.option(fc.string({ maxLength: 40 }), { nil: undefined }),
  archived: fc.option(fc.boolean(), { nil: undefined }),
}) as fc.Arbitrary<SDKSessionInfo>;

describe('sessionTable', () => {
  it('should fit every line in the width, one line per session, whatever the titles hold', () => {
    fc.assert(
      fc.property(
        fc.array(session, { maxLength: 8 }),
        fc.integer({ min: 20, max: 300 }),
        (sessions, width) => {
          const lines = sessionTable(sessions, { width, now: NOW, home: '/home/dev', paint: NO_PAINT });
          expect(lines).toHaveLength(sessions.length + 1);
          for (const [index, line] of lines.entries()) {
            expect(line).not.toMatch(/[\n\r]/);
            expect(textColumns(line)).toBeLessThanOrEqual(Math.max(width, NARROWEST_COLUMNS));
            if (index > 0) expect(line.startsWith(sessions[index - 1]!.sessionId)).toBe(true);
          }
        },
      ),
    );
  });

  it('should leave out the project, then the size, then the time on narrower terminals', () => {
    const sessions = [
      { sessionId: '9b3c7197-3e2a-4067-9a59-ac9c75f8b37d', summary: 'title', lastModified: NOW, cwd: '/w' },
    ];
    const header = (width: number) =>
      sessionTable(sessions, { width, now: NOW, home: undefined, paint: NO_PAINT })[0];
    expect(header(100)).toMatch(/^ID +TITLE +PROJECT +MODIFIED +SIZE$/);
    expect(header(75)).toMatch(/^ID +TITLE +MODIFIED +SIZE$/);
    expect(header(62)).toMatch(/^ID +TITLE +MODIFIED$/);
    expect(header(52)).toMatch(/^ID +TITLE$/);
  });

  it('should keep the tag and archive marks whole while cutting a long title', () => {
    const [, row] = sessionTable(
      [
        {
          sessionId: '9b3c7197-3e2a-4067-9a59-ac9c75f8b37d',
          summary: 'x'.repeat(200),
          lastModified: NOW,
          tag: 'v1',
          archived: true,
        },
      ],
      { width: 100, now: NOW, home: undefined, paint: NO_PAINT },
    );
    expect(row).toContain('… #v1 [archived]');
  });

  it('should colour only with a colour paint', () => {
    const sessions = [{ sessionId: '9b3c7197-3e2a-4067-9a59-ac9c75f8b37d', summary: 's', lastModified: NOW }];
    expect(sessionTable(sessions, { width: 100, now: NOW, home: undefined, paint: ANSI_PAINT })[0]).toContain(
      '\x1b[1m',
    );
    expect(
      sessionTable(sessions, { width: 100, now: NOW, home: undefined, paint: NO_PAINT }).join(''),
    ).not.toContain('\x1b');
  });

  it('should take the width from the terminal, else COLUMNS, else a default', () => {
    expect(tableWidth({ isTTY: true, columns: 70 }, { COLUMNS: '90' })).toBe(70);
    expect(tableWidth({ isTTY: false }, { COLUMNS: '90' })).toBe(90);
    expect(tableWidth({}, { COLUMNS: 'wide' })).toBe(100);
  });
});

describe('human units', () => {
  it('should say how long ago in the largest whole unit', () => {
    expect(relativeTime(NOW - 10_000, NOW)).toBe('just now');
    expect(relativeTime(NOW - 5 * 60_000, NOW)).toBe('5m ago');
    expect(relativeTime(NOW - 3 * 24 * 3600_000, NOW)).toBe('3d ago');
    expect(relativeTime(NOW - 400 * 24 * 3600_000, NOW)).toBe('1y ago');
    expect(relativeTime(NOW + 1, NOW)).toBe('in future');
  });

  it('should print sizes in 1024 steps, always at most 7 characters', () => {
    expect(humanSize(512)).toBe('512 B');
    expect(humanSize(1536)).toBe('1.5 KB');
    expect(humanSize(150 * 1024)).toBe('150 KB');
    expect(humanSize(undefined)).toBe('-');
    fc.assert(
      fc.property(fc.nat({ max: Number.MAX_SAFE_INTEGER }), (bytes) => {
        expect(humanSize(bytes).length).toBeLessThanOrEqual(7);
      }),
    );
  });
});
