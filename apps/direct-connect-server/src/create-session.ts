import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { type MaterializedResume, materializeResumeFromStore } from '@ccsdk/session-store';
import type { CliLinkFactory } from './cli-link.js';
import type { CreateSessionRequest, RequestRefusal } from './create-session-request.js';
import { HostedSession } from './hosted-session.js';
import { RETRY_AFTER_SECONDS } from './limits.js';
import type { ServerMetrics } from './observability/server-metrics.js';
import { timedStore } from './observability/timed-store.js';
import type { ResolvedServerOptions } from './server-options.js';
import { createSessionMirror } from './session-mirror.js';
import type { SessionRegistry } from './session-registry.js';
import { eventStoreFor } from './sse/event-store.js';
import type { TokenAdmission } from './tokens/token-admission.js';
import { DEFAULT_TOKEN_NAME } from './tokens/token-limits.js';
import { confineWorkDir } from './work-dir.js';

/** What the create handler needs from the server. */
export interface SessionFactoryContext {
  readonly options: ResolvedServerOptions;
  readonly roots: readonly string[];
  readonly registry: SessionRegistry;
  readonly createCliLink: CliLinkFactory;
  /** The CLI's `<config dir>/projects` folder, for mirroring and resuming. */
  readonly projectsDir: string;
  /** The server's metrics; absent in tests that build a context by hand. */
  readonly metrics?: ServerMetrics;
  /** The per-token cap and create rate; none: only the server-wide cap applies. */
  readonly tokenAdmission?: TokenAdmission;
}

/** A created (or found, by `session_key`) session, or why not. */
export type CreateOutcome =
  | { readonly kind: 'created' | 'existing'; readonly session: HostedSession }
  | (RequestRefusal & { readonly kind: 'refused'; readonly headers?: Record<string, string> });

/**
 * Creates a session for a validated request, owned by `principal` (the name of its token):
 * reuses a live session of that token with the same `session_key`, checks the token's cap and
 * create rate (429 `token_session_limit` / `rate_limited`), checks capacity (503), confines the
 * cwd to the roots (403/400), materializes a stored session for `resume` into a private config
 * dir with `materializeResumeFromStore` (404 when the store lacks it, 500 when the store fails),
 * spawns the CLI (500 when it cannot run).
 */
export async function createSession(
  context: SessionFactoryContext,
  request: CreateSessionRequest,
  principal: string = DEFAULT_TOKEN_NAME,
): Promise<CreateOutcome> {
  const { options, registry } = context;
  if (request.sessionKey !== undefined) {
    const existing = registry.byKey(request.sessionKey, principal);
    if (existing !== undefined) return { kind: 'existing', session: existing };
  }
  if (request.resume !== undefined && options.sessionStore === undefined) {
    return refused(400, 'resume_unavailable', 'This server has no session store to resume from.');
  }
  const admitted = context.tokenAdmission?.admit(principal);
  if (admitted?.kind === 'refused') return admitted;
  const releaseTokenSlot = admitted?.release ?? (() => undefined);
  if (!registry.reserve()) {
    releaseTokenSlot();
    return {
      ...refused(
        503,
        'too_many_sessions',
        `The server runs its limit of ${options.maxSessions} sessions; try again later.`,
      ),
      headers: { 'retry-after': String(RETRY_AFTER_SECONDS) },
    };
  }
  let reserved = true;
  try {
    const place = await confineWorkDir(request.cwd, context.roots);
    if (!place.ok) {
      return place.reason === 'outside-roots'
        ? refused(
            403,
            'cwd_outside_roots',
            `cwd ${JSON.stringify(request.cwd)} is outside the roots this server allows.`,
          )
        : refused(400, 'cwd_not_found', `cwd ${JSON.stringify(request.cwd)} is not an existing folder.`);
    }
    const store = options.sessionStore;
    let resume: MaterializedResume | undefined;
    if (store !== undefined && request.resume !== undefined) {
      try {
        resume = await materializeResumeFromStore({
          store,
          sessionId: request.resume,
          cwd: place.workDir,
          env: options.cli.env,
          onWarning: (message) => options.logger({ level: 'warn', event: 'resume.warning', message }),
        });
      } catch (error) {
        options.logger({ level: 'error', event: 'resume.failed', sessionId: request.resume, error });
        return refused(500, 'resume_failed', `The session store failed to load ${request.resume}.`);
      }
      if (resume === undefined) {
        return refused(404, 'session_not_found', `No stored session ${request.resume} for this cwd.`);
      }
    }
    const id = randomUUID();
    const mirror =
      store === undefined
        ? undefined
        : createSessionMirror({
            store: timedStore(store, 'transcript_mirror', context.metrics),
            projectsDir: resume === undefined ? context.projectsDir : join(resume.configDir, 'projects'),
            log: options.logger,
            sessionId: id,
            ...(resume === undefined ? {} : { resume }),
          });
    const link = context.createCliLink({
      cwd: place.workDir,
      ...(request.permissionMode === undefined ? {} : { permissionMode: request.permissionMode }),
      ...(resume === undefined ? {} : { resume: resume.sessionId, env: resume.env }),
      sessionMirror: store !== undefined,
      maxLineBytes: options.maxMessageBytes,
    });
    const session = new HostedSession({
      id,
      key: request.sessionKey,
      owner: principal,
      workDir: place.workDir,
      link,
      limits: {
        maxMessageBytes: options.maxMessageBytes,
        maxPendingOutputBytes: options.maxPendingOutputBytes,
        idleTimeoutMs: options.sessionIdleTimeoutMs,
        attachedIdleTimeoutMs: options.attachedIdleTimeoutMs,
      },
      log: options.logger,
      ...(mirror === undefined ? {} : { mirror }),
      endedRetentionMs: options.endedRetentionMs,
      eventStore: timedStore(eventStoreFor(context), 'sse_event_log', context.metrics),
      ...(context.metrics === undefined ? {} : { metrics: context.metrics }),
      onEnded: (ended) => registry.remove(ended),
    });
    try {
      await session.start();
    } catch (error) {
      await mirror?.close();
      options.logger({ level: 'error', event: 'session.spawn_failed', sessionId: id, error });
      context.metrics?.sessionFailed('spawn_failed');
      return refused(
        500,
        'spawn_failed',
        `Claude Code could not be started: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
    registry.add(session);
    reserved = false;
    return { kind: 'created', session };
  } finally {
    if (reserved) registry.release();
    releaseTokenSlot();
  }
}

function refused(status: number, code: string, message: string): RequestRefusal & { kind: 'refused' } {
  return { kind: 'refused', status, code, message };
}
