import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';

/** `from '…'`, `import '…'` and `import('…')` with a relative specifier. */
const RELATIVE_IMPORT = /(?:\bfrom\s*|\bimport\s*\(?\s*)['"](\.{1,2}\/[^'"]+)['"]/g;

/** The TypeScript file a relative specifier of a source file names (`./x.js` is written for `./x.ts`). */
function sourceFileFor(fromFile: string, specifier: string): string[] {
  const target = join(dirname(fromFile), specifier);
  if (/\.[cm]?js$/.test(target)) return [target.replace(/\.([cm]?)js$/, '.$1ts'), target];
  return [target, `${target}.ts`, join(target, 'index.ts')];
}

/**
 * The files an installed package lacks for its `@ccsdk/source` entry: the entry file itself, then,
 * transitively, every file a relative import of a reached file names. Each missing file is given
 * as `<missing> (imported by <importer>)`, relative to the package folder. An empty list means a
 * user resolving that condition finds a whole source tree.
 */
export function missingSourceFiles(packageDir: string, entry: string): string[] {
  const missing: string[] = [];
  const seen = new Set<string>();
  const queue: { file: string; importer: string }[] = [
    { file: join(packageDir, entry), importer: 'exports' },
  ];
  for (let next = queue.shift(); next !== undefined; next = queue.shift()) {
    if (seen.has(next.file)) continue;
    seen.add(next.file);
    if (!existsSync(next.file)) {
      missing.push(`${relative(packageDir, next.file)} (imported by ${next.importer})`);
      continue;
    }
    if (!next.file.endsWith('.ts')) continue;
    const text = readFileSync(next.file, 'utf8');
    for (const match of text.matchAll(RELATIVE_IMPORT)) {
      const candidates = sourceFileFor(next.file, match[1] ?? '');
      const file = candidates.find((candidate) => existsSync(candidate)) ?? candidates[0] ?? '';
      queue.push({ file, importer: relative(packageDir, next.file) });
    }
  }
  return missing;
}
