import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root (this package lives in tooling/install-check). */
export const REPO_ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

/** Folders whose children are workspace packages that may be published. */
const PUBLISHABLE_ROOTS = ['packages', 'apps'] as const;

/** The fields of a package.json this check reads. */
export interface PackageManifest {
  readonly name: string;
  readonly version: string;
  readonly private?: boolean;
  readonly bin?: string | Readonly<Record<string, string>>;
  readonly exports?: unknown;
  readonly dependencies?: Readonly<Record<string, string>>;
  readonly devDependencies?: Readonly<Record<string, string>>;
  readonly peerDependencies?: Readonly<Record<string, string>>;
  readonly peerDependenciesMeta?: Readonly<Record<string, { readonly optional?: boolean }>>;
}

/** A workspace package that is not private: what `pnpm publish` would put on npm. */
export interface PublicPackage {
  /** Its folder, absolute. */
  readonly dir: string;
  readonly manifest: PackageManifest;
}

/** Reads a package.json. */
export function readManifest(dir: string): PackageManifest {
  return JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as PackageManifest;
}

/** Every non-private package under packages/ and apps/, sorted by name; found on disk, so a new one is covered. */
export function publicPackages(repoRoot: string = REPO_ROOT): PublicPackage[] {
  return PUBLISHABLE_ROOTS.flatMap((root) => {
    const folder = join(repoRoot, root);
    return existsSync(folder) ? readdirSync(folder).map((name) => join(folder, name)) : [];
  })
    .filter((dir) => existsSync(join(dir, 'package.json')))
    .map((dir) => ({ dir, manifest: readManifest(dir) }))
    .filter((pkg) => pkg.manifest.private !== true)
    .sort((a, b) => a.manifest.name.localeCompare(b.manifest.name));
}

/** A package's bins as name → file, whichever form its `bin` field takes. */
export function binsOf(manifest: PackageManifest): Record<string, string> {
  if (manifest.bin === undefined) return {};
  if (typeof manifest.bin === 'string') return { [manifest.name.replace(/^@[^/]+\//, '')]: manifest.bin };
  return { ...manifest.bin };
}

/**
 * The peer dependencies a user must install next to the public packages: every peer that is not
 * optional and not itself one of them. Two packages naming the same peer with different ranges get
 * both ranges (npm then needs a version in all of them); a range with `||` cannot be joined that
 * way, so the first one stands.
 */
export function requiredPeers(packages: readonly PublicPackage[]): Record<string, string> {
  const ours = new Set(packages.map((pkg) => pkg.manifest.name));
  const peers: Record<string, string> = {};
  for (const { manifest } of packages) {
    for (const [name, range] of Object.entries(manifest.peerDependencies ?? {})) {
      if (ours.has(name) || manifest.peerDependenciesMeta?.[name]?.optional === true) continue;
      const known = peers[name];
      if (known === undefined) peers[name] = range;
      else if (known !== range && !known.includes('||') && !range.includes('||'))
        peers[name] = `${known} ${range}`;
    }
  }
  return peers;
}
