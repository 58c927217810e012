import type { SDKSessionInfo } from '@ccsdk/session-jsonl';
import type { Paint } from '../render/paint.js';
import { fitEnd, fitStart, tildePath } from './fit-text.js';
import { humanSize, relativeTime } from './human-units.js';

/** Terminal width used when stdout is not a terminal and `COLUMNS` is unset. */
export const DEFAULT_TABLE_WIDTH_COLUMNS = 100;
/** The narrowest title column, even when the terminal is narrower than the table needs. */
export const MIN_TITLE_COLUMNS = 12;
/** The widest project column. */
export const MAX_PROJECT_COLUMNS = 32;

const GAP = '  ';
const ID_COLUMNS = 36;
const MODIFIED_COLUMNS = 9;
const SIZE_COLUMNS = 7;

/** What the table needs besides the sessions. */
export interface TableContext {
  /** Total width in columns. */
  readonly width: number;
  readonly now: number;
  readonly home: string | undefined;
  readonly paint: Paint;
}

/**
 * The sessions as table lines (a header, then one line per session): id, title (tag and archive
 * state included), project, last modified as a relative time, size. Every line fits `width`
 * columns; the title and project columns shrink to make room, cut with `…`.
 */
export function sessionTable(sessions: readonly SDKSessionInfo[], context: TableContext): string[] {
  const projects = sessions.map((session) => tildePath(session.cwd ?? '', context.home));
  const fixed = ID_COLUMNS + MODIFIED_COLUMNS + SIZE_COLUMNS + GAP.length * 4;
  const room = Math.max(0, context.width - fixed);
  const longestProject = Math.max('PROJECT'.length, ...projects.map((p) => Array.from(p).length));
  const projectColumns = Math.max(8, Math.min(longestProject, MAX_PROJECT_COLUMNS, Math.floor(room * 0.35)));
  const titleColumns = Math.max(MIN_TITLE_COLUMNS, room - projectColumns);
  const { paint } = context;
  const header = [
    'ID'.padEnd(ID_COLUMNS),
    'TITLE'.padEnd(titleColumns),
    'PROJECT'.padEnd(projectColumns),
    'MODIFIED'.padEnd(MODIFIED_COLUMNS),
    'SIZE'.padStart(SIZE_COLUMNS),
  ].join(GAP);
  const rows = sessions.map((session, index) =>
    [
      paint.dim(session.sessionId.padEnd(ID_COLUMNS)),
      titleCell(session, titleColumns, paint),
      paint.dim(fitStart(projects[index] ?? '', projectColumns, true)),
      relativeTime(session.lastModified, context.now).padEnd(MODIFIED_COLUMNS),
      humanSize(session.fileSize).padStart(SIZE_COLUMNS),
    ].join(GAP),
  );
  return [paint.bold(header.trimEnd()), ...rows.map((row) => row.trimEnd())];
}

/** The title column: the summary cut to fit, then its marks whole (a tag, `[archived]`). */
function titleCell(session: SDKSessionInfo, columns: number, paint: Paint): string {
  const marks = titleOf({ ...session, summary: '' }).trim();
  if (marks === '') return fitEnd(session.summary, columns, true);
  const markColumns = Math.min(Array.from(marks).length, Math.floor(columns / 2));
  const summary = fitEnd(session.summary, columns - markColumns - 1);
  const fittedMarks = fitEnd(marks, markColumns);
  const used = Array.from(summary).length + 1 + markColumns;
  return `${summary} ${paint.cyan(fittedMarks)}${' '.repeat(Math.max(0, columns - used))}`;
}

/** The title of a session: the summary, then `#tag` and `[archived]` when they apply. */
export function titleOf(session: SDKSessionInfo): string {
  const parts = [session.summary];
  if (session.tag !== undefined && session.tag !== '') parts.push(`#${session.tag}`);
  if (session.archived === true) parts.push('[archived]');
  return parts.join(' ');
}

/** The table width for a stream: its columns when a terminal, else `COLUMNS`, else the default. */
export function tableWidth(stream: { isTTY?: boolean; columns?: number }, env: NodeJS.ProcessEnv): number {
  if (stream.isTTY === true && typeof stream.columns === 'number' && stream.columns > 0)
    return stream.columns;
  const fromEnv = Number(env['COLUMNS']);
  return Number.isSafeInteger(fromEnv) && fromEnv > 0 ? fromEnv : DEFAULT_TABLE_WIDTH_COLUMNS;
}
