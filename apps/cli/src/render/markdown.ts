import type { MessagePart } from './message-parts.js';
import { type TranscriptBlock, type TranscriptHeading, utcMinute } from './transcript-blocks.js';

/** A fenced code block that no backtick run inside `text` can close early. */
function fence(text: string, language = ''): string {
  const longest = Math.max(2, ...Array.from(text.matchAll(/`+/g), (run) => run[0].length));
  const ticks = '`'.repeat(longest + 1);
  return `${ticks}${language}\n${text}\n${ticks}`;
}

function inlineCode(text: string): string {
  const oneLine = text.replace(/\s+/g, ' ').trim();
  const longest = Math.max(0, ...Array.from(oneLine.matchAll(/`+/g), (run) => run[0].length));
  const ticks = '`'.repeat(longest + 1);
  return `${ticks} ${oneLine} ${ticks}`;
}

function partMarkdown(part: TranscriptBlock['part']): string {
  switch (part.kind) {
    case 'prompt':
    case 'text':
      return part.text;
    case 'thinking':
      return `<details><summary>Thinking</summary>\n\n${fence(part.text)}\n\n</details>`;
    case 'tool-call':
      return `**→ ${part.name}** ${inlineCode(part.summary)}\n\n${fence(JSON.stringify(part.input ?? null, null, 2), 'json')}`;
    case 'tool-result':
      return `<details><summary>${part.isError ? '✗ Tool error' : '← Tool result'}</summary>\n\n${fence(part.text)}\n\n</details>`;
    case 'system':
      return `*${part.text}*`;
  }
}

const HEADINGS: Record<TranscriptBlock['speaker'], string> = {
  user: '### User',
  assistant: '### Assistant',
  system: '### System',
};

/**
 * A transcript as Markdown: a title heading, the session id, project and date, then the
 * conversation under `User` / `Assistant` headings. Tool inputs and results sit in fenced blocks
 * (results and thinking folded in `<details>`); a subagent's blocks are quoted (`> `).
 */
export function transcriptMarkdown(heading: TranscriptHeading, blocks: readonly TranscriptBlock[]): string {
  const out: string[] = [
    `# ${heading.title.replace(/\s+/g, ' ').trim()}`,
    '',
    `- **Session:** \`${heading.sessionId}\``,
    `- **Project:** ${inlineCode(heading.project)}`,
    `- **Date:** ${utcMinute(heading.date)}`,
    ...(heading.gitBranch === undefined ? [] : [`- **Branch:** ${inlineCode(heading.gitBranch)}`]),
    '',
    '---',
  ];
  let lastHeading = '';
  for (const block of blocks) {
    const name = block.subagent ? `${HEADINGS[block.speaker]} (subagent)` : HEADINGS[block.speaker];
    const isResult = (block.part as MessagePart).kind === 'tool-result';
    const body = partMarkdown(block.part);
    const section = isResult || name === lastHeading ? body : `${name}\n\n${body}`;
    if (!isResult) lastHeading = name;
    out.push('', block.subagent ? quote(section) : section);
  }
  return `${out.join('\n')}\n`;
}

function quote(text: string): string {
  return text
    .split('\n')
    .map((line) => (line === '' ? '>' : `> ${line}`))
    .join('\n');
}
