/** Network rules of the Bash sandbox. */
export type SandboxNetworkConfig = {
  allowedDomains?: string[];
  deniedDomains?: string[];
  strictAllowlist?: boolean;
  allowManagedDomainsOnly?: boolean;
  allowUnixSockets?: string[];
  allowAllUnixSockets?: boolean;
  allowLocalBinding?: boolean;
  allowMachLookup?: string[];
  httpProxyPort?: number;
  socksProxyPort?: number;
  tlsTerminate?: { caCertPath?: string; caKeyPath?: string };
};

/** File system rules of the Bash sandbox (paths may use the CLI's glob syntax). */
export type SandboxFilesystemConfig = {
  allowWrite?: string[];
  denyWrite?: string[];
  denyRead?: string[];
  allowRead?: string[];
  allowManagedReadPathsOnly?: boolean;
  disabled?: boolean;
};

/**
 * How one secret (a file's content or an environment variable) is kept from sandboxed commands:
 * denied outright or masked, optionally after extracting or decoding part of it, and which hosts
 * get the real value injected. Used by {@link SandboxCredentialsConfig}.
 */
export type SecretRule = {
  mode: 'deny' | 'mask';
  extract?: string;
  onExtractNoMatch?: 'deny' | 'error' | 'warn';
  decode?: 'jwt';
  maskClaims?: string[];
  injectHosts?: string[];
};

/**
 * What the sandbox does with AWS SigV4-signed requests from sandboxed commands: refuse them, or
 * pass them through unchanged. Set per request style in {@link SandboxCredentialsConfig}.
 */
export type SigV4Mode = 'deny' | 'passthrough';

/** Credentials the sandbox hides from commands, and how they are injected on allowed hosts. */
export type SandboxCredentialsConfig = {
  files?: (SecretRule & { path: string; maskDuplicates?: boolean })[];
  envVars?: (SecretRule & { name: string })[];
  allowPlaintextInject?: boolean;
  awsPairs?: { accessKeyIdVar: string; secretAccessKeyVar: string; sessionTokenVar?: string }[];
  sigv4?: { streaming?: SigV4Mode; presigned?: SigV4Mode; sigv4a?: SigV4Mode };
};

/**
 * The `sandbox` option (and settings key): run Bash in an OS sandbox with these rules. Keys a
 * newer CLI adds pass through (the object is open).
 */
export type SandboxSettings = {
  enabled?: boolean;
  failIfUnavailable?: boolean;
  autoAllowBashIfSandboxed?: boolean;
  allowUnsandboxedCommands?: boolean;
  network?: SandboxNetworkConfig;
  filesystem?: SandboxFilesystemConfig;
  credentials?: SandboxCredentialsConfig;
  /** Violations to ignore, by command pattern. */
  ignoreViolations?: Record<string, string[]>;
  enableWeakerNestedSandbox?: boolean;
  allowNestedUserNamespaces?: boolean;
  enableWeakerNetworkIsolation?: boolean;
  allowAppleEvents?: boolean;
  excludedCommands?: string[];
  ripgrep?: { command: string; args?: string[] };
  bwrapPath?: string;
  socatPath?: string;
  [key: string]: unknown;
};

/** The `ignoreViolations` map of {@link SandboxSettings}. */
export type SandboxIgnoreViolations = NonNullable<SandboxSettings['ignoreViolations']>;
