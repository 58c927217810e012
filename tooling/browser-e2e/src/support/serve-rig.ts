import {
  type DirectConnectServer,
  type DirectConnectServerOptions,
  generateToken,
  type LogEntry,
  startDirectConnectServer,
} from '@ccsdk/direct-connect-server';
import {
  type CliSandbox,
  createCliSandbox,
  type FakeMessagesApi,
  startFakeMessagesApi,
} from '@ccsdk/testing';

type FakeOptions = Parameters<typeof startFakeMessagesApi>[0];

/** Server options the browser tests set; `allowedOrigins` and `authDeadlineMs` are the browser's. */
export type ServeRigServerOptions = Partial<DirectConnectServerOptions> & {
  allowedOrigins?: string[];
  authDeadlineMs?: number;
};

/** A session the rig created with `POST /sessions` (from Node, with the bearer header). */
export interface CreatedSession {
  readonly sessionId: string;
  /** `ws://…/sessions/<id>/ws`: no token in it. */
  readonly wsUrl: string;
  /** `http://…/sessions/<id>/events/stream`. */
  readonly streamUrl: string;
  /** `http://…/sessions/<id>/events`. */
  readonly sendUrl: string;
}

/** One browser test's server side: the fake Messages API, a CLI sandbox, and `ccsdk serve` in-process. */
export interface ServeRig {
  readonly fake: FakeMessagesApi;
  readonly sandbox: CliSandbox;
  readonly server: DirectConnectServer;
  readonly token: string;
  /** Every structured log entry the server wrote. */
  readonly logs: LogEntry[];
  /** Creates a session (the real CLI starts) and returns its URLs. */
  createSession(): Promise<CreatedSession>;
  dispose(): Promise<void>;
}

/**
 * Starts the fake model with `fakeOptions`, a sandbox, and `startDirectConnectServer` whose sessions run
 * the real CLI against the fake. `serverOptions` usually carries `allowedOrigins: [pageOrigin]`.
 */
export async function startServeRig(
  fakeOptions: FakeOptions,
  serverOptions: ServeRigServerOptions = {},
): Promise<ServeRig> {
  const fake = await startFakeMessagesApi(fakeOptions);
  const sandbox = await createCliSandbox();
  const token = generateToken();
  const logs: LogEntry[] = [];
  const options: DirectConnectServerOptions & ServeRigServerOptions = {
    token,
    roots: [sandbox.cwd],
    logger: (entry) => logs.push(entry),
    ...serverOptions,
    // cli.env is the CLIs' whole environment: the inherited one, less what would reroute it.
    cli: { env: sandbox.fullEnv(fake.url), ...serverOptions.cli },
  };
  const server = await startDirectConnectServer(options);
  return {
    fake,
    sandbox,
    server,
    token,
    logs,
    async createSession() {
      const response = await fetch(`${server.httpUrl}/sessions`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ cwd: sandbox.cwd }),
      });
      if (response.status !== 201) throw new Error(`POST /sessions answered ${response.status}`);
      const body = (await response.json()) as { session_id: string; ws_url: string };
      const base = `${server.httpUrl}/sessions/${encodeURIComponent(body.session_id)}`;
      return {
        sessionId: body.session_id,
        wsUrl: body.ws_url,
        streamUrl: `${base}/events/stream`,
        sendUrl: `${base}/events`,
      };
    },
    async dispose() {
      await server.close();
      await fake.close();
      await sandbox.dispose();
    },
  };
}
