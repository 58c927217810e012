declare const __PACKAGE_VERSION__: string | undefined;

/** Version of this package, reported by `GET /health`. Injected at build time; `0.0.0-test` from source. */
export const PACKAGE_VERSION: string =
  typeof __PACKAGE_VERSION__ === 'string' ? __PACKAGE_VERSION__ : '0.0.0-test';
