import type { KeyMentions } from './key-mentions.js';

const NEWLINE = 0x0a;

/**
 * The lines of one part of a read buffer: `bytes[from, to)`, where `from` starts a line. A last
 * piece without a newline is a line only when `lastCounts` (the end of the file, not a cut).
 */
export interface LineRegion {
  readonly bytes: Buffer;
  readonly from: number;
  readonly to: number;
  readonly lastCounts: boolean;
  /** Which summary fields a line `[start, end)` of the region may give (a mask of field groups). */
  readonly maskOf: (start: number, end: number) => number;
  /** Where keys are mentioned in the region, when known. */
  readonly mentions?: KeyMentions;
}

/** A line of a region: `[start, end)`, `end` at its newline or at the region's end. */
export interface RegionLine {
  readonly start: number;
  readonly end: number;
}

/** The end of the line starting at `start`, or -1 when the region cuts it. */
export function lineEndFrom(region: LineRegion, start: number): number {
  const newline = region.bytes.indexOf(NEWLINE, start);
  if (newline !== -1 && newline < region.to) return newline;
  return region.lastCounts && start < region.to ? region.to : -1;
}

/** The line holding byte `position` of the region, or `undefined` when the region cuts it. */
export function lineAround(region: LineRegion, position: number): RegionLine | undefined {
  const end = lineEndFrom(region, position);
  if (end === -1) return undefined;
  return { start: lineStartBefore(region, position), end };
}

/**
 * The line before the one starting at `next` (a line start, or `to` for the region's last line),
 * or `undefined` at the region's first line.
 */
export function previousLine(region: LineRegion, next: number): RegionLine | undefined {
  if (next <= region.from) return undefined;
  let end: number;
  if (next < region.to || region.bytes[region.to - 1] === NEWLINE) end = next - 1;
  else if (region.lastCounts) end = region.to;
  else end = region.bytes.lastIndexOf(NEWLINE, region.to - 1);
  if (end < region.from) return undefined;
  return { start: lineStartBefore(region, end), end };
}

/** The start of the line that holds `position` (a byte of it, or its newline). */
function lineStartBefore(region: LineRegion, position: number): number {
  if (position <= region.from) return region.from;
  const newline = region.bytes.lastIndexOf(NEWLINE, position - 1);
  return newline < region.from ? region.from : newline + 1;
}
