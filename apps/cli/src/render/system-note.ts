import { fitEnd } from '../sessions/fit-text.js';

/** Columns of a system entry's own text that its note keeps (on one line, cut with an ellipsis). */
export const SYSTEM_NOTE_TEXT_COLUMNS = 120;

type Json = Record<string, unknown>;

/**
 * One line saying what a stored system entry was, from the transcript line itself (the session
 * API's messages carry no more than the entry's type): a compaction with its trigger and token
 * counts, else the entry's subtype and its text on one line. Fields of the wrong type are left
 * out; control characters become spaces, so nothing in a transcript can move the terminal.
 */
export function systemEntryNote(entry: Json): string {
  const subtype = textField(entry, 'subtype');
  if (subtype === 'compact_boundary') return compactionNote(entry);
  const content = textField(entry, 'content');
  const text =
    content === undefined ? undefined : fitEnd(content.replace(/\s+/g, ' ').trim(), SYSTEM_NOTE_TEXT_COLUMNS);
  const kind = subtype === undefined ? 'system entry' : fitEnd(subtype, SYSTEM_NOTE_TEXT_COLUMNS);
  return text === undefined || text === '' ? kind : `${kind}: ${text}`;
}

/** `conversation compacted (manual, 10,367 → 2,542 tokens)`, with what the entry records of it. */
function compactionNote(entry: Json): string {
  const metadata = entry['compactMetadata'];
  const facts = typeof metadata === 'object' && metadata !== null ? (metadata as Json) : {};
  const trigger = textField(facts, 'trigger');
  const before = countField(facts, 'preTokens');
  const after = countField(facts, 'postTokens');
  const details: string[] = [];
  if (trigger !== undefined) details.push(fitEnd(trigger, SYSTEM_NOTE_TEXT_COLUMNS));
  if (before !== undefined && after !== undefined)
    details.push(`${tokens(before)} → ${tokens(after)} tokens`);
  else if (before !== undefined) details.push(`${tokens(before)} tokens before`);
  return details.length === 0 ? 'conversation compacted' : `conversation compacted (${details.join(', ')})`;
}

/** C1 control characters, which some terminals act on like escape sequences (`fitEnd` blanks C0). */
const C1_CONTROLS = /[\u0080-\u009f]/g;

function textField(record: Json, key: string): string | undefined {
  const value = record[key];
  if (typeof value !== 'string') return undefined;
  const visible = value.replace(C1_CONTROLS, ' ');
  return visible.trim() === '' ? undefined : visible;
}

function countField(record: Json, key: string): number | undefined {
  const value = record[key];
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? value : undefined;
}

function tokens(count: number): string {
  return count.toLocaleString('en-US');
}
