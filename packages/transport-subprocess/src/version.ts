declare const __PACKAGE_VERSION__: string | undefined;

/**
 * Version of this package, sent to the CLI as `CLAUDE_AGENT_SDK_VERSION`. Injected at build time;
 * `0.0.0-test` when running from source.
 */
export const PACKAGE_VERSION: string =
  typeof __PACKAGE_VERSION__ === 'string' ? __PACKAGE_VERSION__ : '0.0.0-test';
