import { type TranscriptBlock, type TranscriptHeading, utcMinute } from './transcript-blocks.js';

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** `text` safe inside HTML text and attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ESCAPES[char]!);
}

/** The page's only styles: no external sheets, fonts or scripts. */
const STYLE = `
body{font:15px/1.5 system-ui,sans-serif;max-width:52rem;margin:2rem auto;padding:0 1rem;color:#1d1d1f;background:#fff}
header{border-bottom:1px solid #ddd;margin-bottom:1.5rem}
header dl{display:grid;grid-template-columns:max-content 1fr;gap:.2rem 1rem;color:#555}
header dt{font-weight:600}
.block{margin:.6rem 0;white-space:pre-wrap;overflow-wrap:anywhere}
.speaker{font-weight:600;margin-top:1.4rem;color:#555}
.user{background:#f2f6ff;border-left:3px solid #3b6fd8;padding:.4rem .8rem}
.subagent{margin-left:1.5rem;border-left:3px solid #c9b6f2;padding-left:.8rem}
pre{background:#f6f6f6;padding:.6rem;overflow:auto;white-space:pre-wrap;overflow-wrap:anywhere}
summary{cursor:pointer;color:#444}
.error summary{color:#b00020}
.system{color:#777;font-style:italic}
@media (prefers-color-scheme:dark){body{background:#161618;color:#e8e8e8}pre{background:#222}.user{background:#1c2333}header dl,.speaker,summary{color:#aaa}}
`.trim();

function blockHtml(part: TranscriptBlock['part']): string {
  switch (part.kind) {
    case 'prompt':
      return `<div class="block user">${escapeHtml(part.text)}</div>`;
    case 'text':
      return `<div class="block">${escapeHtml(part.text)}</div>`;
    case 'thinking':
      return `<details class="block"><summary>Thinking</summary><pre>${escapeHtml(part.text)}</pre></details>`;
    case 'tool-call':
      return `<details class="block"><summary>→ ${escapeHtml(part.name)}(${escapeHtml(part.summary)})</summary><pre>${escapeHtml(JSON.stringify(part.input ?? null, null, 2))}</pre></details>`;
    case 'tool-result':
      return `<details class="block${part.isError ? ' error' : ''}"><summary>${part.isError ? '✗ tool error' : '← tool result'}</summary><pre>${escapeHtml(part.text)}</pre></details>`;
    case 'system':
      return `<div class="block system">${escapeHtml(part.text)}</div>`;
  }
}

/**
 * A transcript as one self-contained HTML page (inline styles, no scripts, nothing fetched):
 * a header with title, session id, project and date, then the conversation. Every text from the
 * transcript is escaped; a subagent's blocks are indented.
 */
export function transcriptHtml(heading: TranscriptHeading, blocks: readonly TranscriptBlock[]): string {
  const body: string[] = [];
  let lastSpeaker = '';
  for (const block of blocks) {
    const speaker = `${block.speaker}${block.subagent ? ' (subagent)' : ''}`;
    const html = blockHtml(block.part);
    const isResult = block.part.kind === 'tool-result';
    const labelled =
      !isResult && speaker !== lastSpeaker
        ? `<div class="speaker">${escapeHtml(speaker)}</div>${html}`
        : html;
    if (!isResult) lastSpeaker = speaker;
    body.push(block.subagent ? `<div class="subagent">${labelled}</div>` : labelled);
  }
  const title = escapeHtml(heading.title);
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
<style>${STYLE}</style>
</head>
<body>
<header>
<h1>${title}</h1>
<dl>
<dt>Session</dt><dd><code>${escapeHtml(heading.sessionId)}</code></dd>
<dt>Project</dt><dd><code>${escapeHtml(heading.project)}</code></dd>
<dt>Date</dt><dd>${escapeHtml(utcMinute(heading.date))}</dd>
${heading.gitBranch === undefined ? '' : `<dt>Branch</dt><dd><code>${escapeHtml(heading.gitBranch)}</code></dd>\n`}</dl>
</header>
<main>
${body.join('\n')}
</main>
</body>
</html>
`;
}
