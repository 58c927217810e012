import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

/** Folders whose children are workspace packages that must each have a README. */
export const PACKAGE_ROOTS = ['packages', 'apps'] as const;

/** One fenced TypeScript block of a README. */
export interface ReadmeSnippet {
  /** The README, relative to the repository root. */
  readonly readme: string;
  /** 1-based line of the opening fence. */
  readonly line: number;
  /** The block's text. */
  readonly code: string;
}

const FENCE_OPEN = /^```(ts|typescript)\s*$/;
const FENCE_CLOSE = /^```\s*$/;

/** Every workspace package folder under {@link PACKAGE_ROOTS}, as an absolute path. */
export function packageFolders(repoRoot: string): string[] {
  return PACKAGE_ROOTS.flatMap((root) => {
    const folder = join(repoRoot, root);
    if (!existsSync(folder)) return [];
    return readdirSync(folder)
      .map((name) => join(folder, name))
      .filter((dir) => existsSync(join(dir, 'package.json')));
  });
}

/** The root README and every package's README that exists, relative to `repoRoot`. */
export function readmeFiles(repoRoot: string): string[] {
  const candidates = [
    join(repoRoot, 'README.md'),
    ...packageFolders(repoRoot).map((dir) => join(dir, 'README.md')),
  ];
  return candidates.filter((file) => existsSync(file)).map((file) => relative(repoRoot, file));
}

/** The ```ts and ```typescript blocks of one Markdown text, in order. */
export function extractSnippets(readme: string, markdown: string): ReadmeSnippet[] {
  const snippets: ReadmeSnippet[] = [];
  const lines = markdown.split('\n');
  let open: { line: number; body: string[] } | undefined;
  lines.forEach((text, index) => {
    if (open === undefined) {
      if (FENCE_OPEN.test(text)) open = { line: index + 1, body: [] };
    } else if (FENCE_CLOSE.test(text)) {
      snippets.push({ readme, line: open.line, code: open.body.join('\n') });
      open = undefined;
    } else {
      open.body.push(text);
    }
  });
  return snippets;
}

/** Every TypeScript block of every README in the repository. */
export function allSnippets(repoRoot: string): ReadmeSnippet[] {
  return readmeFiles(repoRoot).flatMap((readme) =>
    extractSnippets(readme, readFileSync(join(repoRoot, readme), 'utf8')),
  );
}
