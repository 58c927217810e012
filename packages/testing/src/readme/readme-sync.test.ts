import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';

const README = new URL('../../README.md', import.meta.url);
const EXAMPLE = new URL('./readme-example.test.ts', import.meta.url);

describe('README.md', () => {
  it('should show readme-example.test.ts verbatim as its complete vitest test', async () => {
    const [readme, example] = await Promise.all([readFile(README, 'utf8'), readFile(EXAMPLE, 'utf8')]);
    expect(readme).toContain(`\`\`\`ts\n${example}\`\`\`\n`);
  });
});
