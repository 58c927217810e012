import { mkdir, mkdtemp } from 'node:fs/promises';
import { homedir } from 'node:os';
import { join } from 'node:path';

/**
 * Creates a private folder for a parked spare under the config dir (`<config>/spares/spare-*`),
 * as the official SDK does: the spare must not start in any session's folder. The config dir is
 * `CLAUDE_CONFIG_DIR` from the prewarm env, else from this process, else `~/.claude`.
 */
export async function createParkingDir(env: Record<string, string | undefined> | undefined): Promise<string> {
  const configured = env?.['CLAUDE_CONFIG_DIR'] ?? process.env['CLAUDE_CONFIG_DIR'];
  const configDir = configured !== undefined && configured !== '' ? configured : join(homedir(), '.claude');
  const spares = join(configDir, 'spares');
  await mkdir(spares, { recursive: true });
  return mkdtemp(join(spares, 'spare-'));
}
