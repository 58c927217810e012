import type { CliControlRequest } from './cli-control-requests.js';
import type { HostControlRequest } from './host-control-requests.js';

/** The `request` of a control request: any subtype either side sends. Narrow on `subtype`. */
export type SDKControlRequestInner = HostControlRequest | CliControlRequest;

/**
 * `control_request`, either direction: `request_id` pairs it with its `control_response`.
 * These are the typed shapes; the channel itself accepts any `subtype` (see `controlRequestSchema`).
 */
export type SDKControlRequest = {
  type: 'control_request';
  request_id: string;
  request: SDKControlRequestInner;
};

/**
 * The requests the CLI is still waiting on an answer for (permission questions, user dialogs,
 * MCP elicitations), listed in a `control_response` so a host that attaches again can answer them.
 */
export type PendingControlRequests = {
  pending_permission_requests?: SDKControlRequest[];
  pending_user_dialog_requests?: SDKControlRequest[];
  pending_elicitation_requests?: SDKControlRequest[];
};

/** `control_response`, either direction: the success or error answer to one request. */
export type SDKControlResponse = {
  type: 'control_response';
  response:
    | ({
        subtype: 'success';
        request_id: string;
        response?: Record<string, unknown>;
      } & PendingControlRequests)
    | ({ subtype: 'error'; request_id: string; error: string } & PendingControlRequests);
};

/** `control_cancel_request`: the sender no longer wants an answer to `request_id`. */
export type SDKControlCancelRequest = {
  type: 'control_cancel_request';
  request_id: string;
};
