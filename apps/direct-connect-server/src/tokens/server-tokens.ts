import { createTokenVerifier, type RawTokenVerifier, type TokenVerifier } from '../auth.js';
import type { Logger } from '../logger.js';
import { withSecretsRedacted } from '../observability/secret-redaction.js';
import { CreateRateLimiter } from './create-rate-limiter.js';
import { TokenAdmission } from './token-admission.js';
import { DEFAULT_TOKEN_NAME } from './token-limits.js';
import { TokenRegistry, type TokensChange } from './token-registry.js';
import { type OwnedSession, TokenSessionCounts } from './token-session-counts.js';
import { readTokensFile, type ServeTokenEntry } from './tokens-file.js';
import { TokensFileError } from './tokens-file-error.js';

/** The server's tokens: who a credential is, what each may create, and the reload. */
export interface ServerTokens {
  /** Checks `Authorization: Bearer <token>`: the token's name, or `undefined`. */
  readonly verify: TokenVerifier;
  /** Checks a bare token (a first-frame auth message): its name, or `undefined`. */
  readonly verifyRaw: RawTokenVerifier;
  /** The per-token cap and create rate of `POST /sessions`. */
  readonly admission: TokenAdmission;
  /** The logger given, wrapped so that no entry holding any token (held now or before) gets through. */
  readonly log: Logger;
  /** Names held now. */
  names(): string[];
  /**
   * Reads the tokens file again and replaces every entry at once; sessions are not touched.
   * A bad file keeps the tokens there are, is logged (`tokens.reload_failed`, error code and
   * message, never a token) and rejects with its {@link TokensFileError}.
   */
  reload(): Promise<TokensChange>;
}

/**
 * The tokens of a server: one `token` (a principal named {@link DEFAULT_TOKEN_NAME} with no limit
 * of its own, as before tokens files), or the entries of `tokensFile`, read now (rejects with a
 * {@link TokensFileError} when it is bad). `sessions` lists the server's sessions, for the
 * per-token counts.
 */
export async function loadServerTokens(init: {
  readonly token: string | undefined;
  readonly tokensFile: string | undefined;
  readonly log: Logger;
  readonly sessions: () => Iterable<OwnedSession>;
}): Promise<ServerTokens> {
  const { tokensFile } = init;
  const registry = new TokenRegistry(
    tokensFile === undefined ? [singleToken(init.token ?? '')] : await readAndWarn(tokensFile, init.log),
  );
  const log = withSecretsRedacted(init.log, () => registry.secrets());
  const rate = new CreateRateLimiter();
  const verifyRaw: RawTokenVerifier = (presented) => registry.verify(presented);
  let reloading: Promise<TokensChange> | undefined;
  const reload = async (): Promise<TokensChange> => {
    if (tokensFile === undefined) {
      throw new TokensFileError({
        code: 'NO_TOKENS_FILE',
        message: 'This server was started with one token, not a tokens file: there is nothing to reload.',
      });
    }
    try {
      const entries = await readAndWarn(tokensFile, log);
      const change = registry.replace(entries);
      rate.retain(new Set(entries.map((entry) => entry.name)));
      log({ level: 'info', event: 'tokens.reloaded', ...change });
      return change;
    } catch (error) {
      log({
        level: 'error',
        event: 'tokens.reload_failed',
        note: 'the tokens there were are kept',
        tokens: registry.size,
        error,
      });
      throw error;
    }
  };
  return {
    verify: createTokenVerifier(verifyRaw),
    verifyRaw,
    admission: new TokenAdmission(registry, new TokenSessionCounts(init.sessions), rate),
    log,
    names: () => registry.names(),
    // Reloads run one at a time: two SIGHUPs in a row read the file twice, in order.
    reload: () => {
      const next = (reloading ?? Promise.resolve()).catch(() => undefined).then(reload);
      reloading = next;
      return next;
    },
  };
}

function singleToken(token: string): ServeTokenEntry {
  return {
    name: DEFAULT_TOKEN_NAME,
    token,
    maxSessions: undefined,
    createsPerMinute: undefined,
    createBurst: undefined,
  };
}

async function readAndWarn(path: string, log: Logger): Promise<readonly ServeTokenEntry[]> {
  const { entries, warnings } = await readTokensFile(path);
  for (const warning of warnings) log({ level: 'warn', event: 'tokens.file_mode', message: warning });
  return entries;
}
