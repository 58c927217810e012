import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * Writes a minimal local Claude Code plugin named `name` in `parent` (a manifest and one `/wave`
 * command) and returns its folder, for tests that load plugins through the real CLI.
 */
export async function writeLocalPlugin(parent: string, name: string, version = '1.0.0'): Promise<string> {
  const plugin = join(parent, name);
  await mkdir(join(plugin, '.claude-plugin'), { recursive: true });
  await mkdir(join(plugin, 'commands'), { recursive: true });
  await writeFile(join(plugin, '.claude-plugin', 'plugin.json'), JSON.stringify({ name, version }));
  await writeFile(join(plugin, 'commands', 'wave.md'), '---\ndescription: Waves\n---\nWave.\n');
  return plugin;
}
