// `pnpm run docs`: the API reference of every published package, generated from its TSDoc into docs/api/.
// Validation is strict: an export without a comment, a broken {@link} or a type that an export refers
// to but the package does not export fails the run. Packages are found on disk, so a new one is covered.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { OptionDefaults } from 'typedoc';

/** Folders whose children are workspace packages. */
const WORKSPACE_ROOTS = ['packages', 'apps'];

/** Every non-private workspace package that has a `src/index.ts`: its folder and its name. */
function publishedPackages() {
  return WORKSPACE_ROOTS.flatMap((root) => readdirSync(root).map((name) => join(root, name))).flatMap(
    (dir) => {
      const manifest = join(dir, 'package.json');
      if (!existsSync(manifest) || !existsSync(join(dir, 'src/index.ts'))) return [];
      const { name, private: isPrivate } = JSON.parse(readFileSync(manifest, 'utf8'));
      return isPrivate ? [] : [{ dir, name }];
    },
  );
}

const packages = publishedPackages();

/** @type {Partial<import('typedoc').TypeDocOptions>} */
export default {
  name: 'ccsdk',
  entryPointStrategy: 'packages',
  entryPoints: packages.map((pkg) => pkg.dir),
  packageOptions: {
    entryPoints: ['src/index.ts'],
    excludeInternal: true,
    excludePrivate: true,
    // Each package is converted with these options, not the root's: see `disableSources` below.
    disableSources: true,
  },
  packagesRequiringDocumentation: packages.map((pkg) => pkg.name),
  // Every exported declaration and every member with behaviour must carry a comment. Plain data fields
  // (`Property`) are required only in the packages of `propertyDocsPackages` below: elsewhere most are
  // wire fields named as the CLI sends them, described by their type's comment.
  requiredToBeDocumented: [
    'Enum',
    'EnumMember',
    'Variable',
    'Function',
    'Class',
    'Interface',
    'Method',
    'Accessor',
    'TypeAlias',
  ],
  plugin: ['./tooling/scripts/typedoc-property-docs.mjs'],
  // Packages whose every field is documented, held there by the plugin above.
  propertyDocsPackages: [
    '@ccsdk/direct-connect',
    '@ccsdk/direct-connect-server',
    '@ccsdk/mcp-inproc',
    '@ccsdk/mirror-batcher',
    '@ccsdk/session-jsonl',
    '@ccsdk/session-store',
  ],
  out: 'docs/api',
  // No source links and no "Defined in" lines, so no git lookups for them: the repository has no
  // public web host to link to, and TypeDoc would otherwise read the `origin` remote to guess one,
  // warning (an error here) in a clone whose remote is missing or unusable. Set here and in
  // `packageOptions`, since both the root and every package look the remote up.
  disableSources: true,
  readme: 'README.md',
  // The package READMEs are the modules' pages; session-store-postgres's shows its table in SQL.
  highlightLanguages: [...OptionDefaults.highlightLanguages, 'sql'],
  validation: { notExported: true, invalidLink: true, notDocumented: true, rewrittenLink: true },
  treatWarningsAsErrors: true,
  treatValidationWarningsAsErrors: true,
  logLevel: 'Warn',
};
