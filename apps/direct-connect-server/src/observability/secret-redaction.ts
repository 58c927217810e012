import type { Logger } from '../logger.js';

/** Fields a redacted entry keeps, when they are strings that hold no secret: which session, which request. */
const KEPT_FIELDS = ['sessionId', 'requestId'] as const;

/**
 * Wraps a logger so that no entry holding one of the current secrets reaches it: an entry whose
 * fields (errors included, with their message, stack and cause) contain a secret, raw or
 * JSON-escaped (once or twice), is replaced by `{ level, event, redacted: true }` plus its
 * `sessionId` and `requestId`. `secrets` is called for each entry, so secrets that change (a
 * tokens file reloaded) are followed; empty strings are ignored. An entry that cannot be
 * serialised at all is passed on unchanged.
 */
export function withSecretsRedacted(log: Logger, secrets: () => Iterable<string>): Logger {
  const formsBySecret = new Map<string, readonly string[]>();
  const formsOfCached = (secret: string): readonly string[] => {
    let forms = formsBySecret.get(secret);
    if (forms === undefined) {
      forms = formsOf(secret);
      formsBySecret.set(secret, forms);
    }
    return forms;
  };
  return (entry) => {
    const forms = [...secrets()].filter((secret) => secret !== '').flatMap(formsOfCached);
    if (forms.length === 0) {
      log(entry);
      return;
    }
    let text: string;
    try {
      text = JSON.stringify(entry, inspectReplacer);
    } catch {
      log(entry);
      return;
    }
    if (!forms.some((form) => text.includes(form))) {
      log(entry);
      return;
    }
    const kept: Record<string, string> = {};
    for (const field of KEPT_FIELDS) {
      const value = entry[field];
      if (typeof value === 'string' && !forms.some((form) => value.includes(form))) kept[field] = value;
    }
    log({ level: entry.level, event: entry.event, ...kept, redacted: true });
  };
}

/** Wraps a logger so that no entry holding `secret` reaches it: {@link withSecretsRedacted} with one fixed secret. */
export function withSecretRedacted(log: Logger, secret: string): Logger {
  const secrets = [secret];
  return withSecretsRedacted(log, () => secrets);
}

/** A secret as it is, as a JSON string field holds it, and as a field holding JSON text holds it. */
function formsOf(secret: string): string[] {
  const once = JSON.stringify(secret).slice(1, -1);
  return [secret, once, JSON.stringify(once).slice(1, -1)];
}

function inspectReplacer(_key: string, value: unknown): unknown {
  if (value instanceof Error) {
    const { code, cause } = value as { code?: unknown; cause?: unknown };
    return { name: value.name, message: value.message, stack: value.stack, code, cause };
  }
  return value;
}
