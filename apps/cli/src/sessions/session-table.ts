import type { SDKSessionInfo } from '@ccsdk/session-jsonl';
import type { Paint } from '../render/paint.js';
import { fitEnd, fitStart, textColumns, tildePath } from './fit-text.js';
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

/** A column besides ID and TITLE: its header, width, and cell. */
interface SideColumn {
  readonly name: string;
  readonly columns: number;
  readonly alignRight: boolean;
  cell(session: SDKSessionInfo, index: number): string;
}

/**
 * The sessions as table lines (a header, then one line per session): id, title (tag and archive
 * state included), project, last modified as a relative time, size. Every line fits `width`
 * columns: the title and project columns shrink (cut with `…`), and on a narrow terminal the
 * project, then the size, then the time are left out. Only a terminal narrower than the id and
 * {@link MIN_TITLE_COLUMNS} gets longer lines.
 */
export function sessionTable(sessions: readonly SDKSessionInfo[], context: TableContext): string[] {
  const { paint } = context;
  const projects = sessions.map((session) => tildePath(session.cwd ?? '', context.home));
  const longestProject = Math.max('PROJECT'.length, ...projects.map(textColumns));
  const modified: SideColumn = {
    name: 'MODIFIED',
    columns: MODIFIED_COLUMNS,
    alignRight: false,
    cell: (session) => relativeTime(session.lastModified, context.now),
  };
  const size: SideColumn = {
    name: 'SIZE',
    columns: SIZE_COLUMNS,
    alignRight: true,
    cell: (session) => humanSize(session.fileSize),
  };
  const sideColumns = [modified, size];
  const room = (side: readonly SideColumn[]) =>
    context.width -
    ID_COLUMNS -
    GAP.length -
    side.reduce((sum, column) => sum + column.columns + GAP.length, 0);
  const projectRoom = room(sideColumns) - MIN_TITLE_COLUMNS - GAP.length;
  if (projectRoom >= 8) {
    const columns = Math.max(
      8,
      Math.min(longestProject, MAX_PROJECT_COLUMNS, Math.floor(projectRoom * 0.45)),
    );
    sideColumns.unshift({
      name: 'PROJECT',
      columns,
      alignRight: false,
      cell: (_session, index) => paint.dim(fitStart(projects[index] ?? '', columns, true)),
    });
  }
  while (sideColumns.length > 0 && room(sideColumns) < MIN_TITLE_COLUMNS) sideColumns.pop();
  const titleColumns = Math.max(MIN_TITLE_COLUMNS, room(sideColumns));
  const align = (column: SideColumn, text: string) => {
    const padding = ' '.repeat(Math.max(0, column.columns - textColumns(text)));
    return column.alignRight ? `${padding}${text}` : `${text}${padding}`;
  };
  const header = [
    'ID'.padEnd(ID_COLUMNS),
    'TITLE'.padEnd(titleColumns),
    ...sideColumns.map((column) => align(column, column.name)),
  ].join(GAP);
  const rows = sessions.map((session, index) =>
    [
      paint.dim(session.sessionId.padEnd(ID_COLUMNS)),
      titleCell(session, titleColumns, paint),
      ...sideColumns.map((column) => align(column, column.cell(session, index))),
    ].join(GAP),
  );
  return [paint.bold(header.trimEnd()), ...rows.map((row) => row.trimEnd())];
}

/** The title column: the summary cut to fit, then its marks whole (a tag, `[archived]`). */
function titleCell(session: SDKSessionInfo, columns: number, paint: Paint): string {
  const marks = titleOf({ ...session, summary: '' }).trim();
  if (marks === '') return fitEnd(session.summary, columns, true);
  const markColumns = Math.min(textColumns(marks), Math.floor(columns / 2));
  const summary = fitEnd(session.summary, columns - markColumns - 1);
  const fittedMarks = fitEnd(marks, markColumns);
  const used = textColumns(summary) + 1 + textColumns(fittedMarks);
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
