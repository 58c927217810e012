/**
 * Who put a user message (or the turn a result closes) into the session: a person, an MCP
 * channel, a peer session, a scheduled task, and so on. Narrow on `kind`.
 */
export type SDKMessageOrigin =
  | { kind: 'human' }
  | { kind: 'channel'; server: string }
  | {
      kind: 'peer';
      from: string;
      fromMode?: 'bypass' | 'prompting';
      name?: string;
      fromSession?: string;
      senderTaskId?: string;
      body?: string;
      verifiedPeerPid?: number;
    }
  | {
      kind: 'task-notification';
      subkind?:
        | 'scheduled-trigger'
        | 'peer-send-message'
        | 'projects-relay'
        | 'session-inbox'
        | 'external-event';
      fireReason?: string;
      runId?: string;
    }
  | { kind: 'coordinator' }
  | { kind: 'unclassified' }
  | { kind: 'observer'; from: string; senderTaskId: string }
  | { kind: 'auto-continuation' }
  | { kind: 'observer-activity' };
