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

/** Requests the CLI still waits on, listed with a response to a re-attaching host. */
type PendingRequests = {
  pending_permission_requests?: SDKControlRequest[];
  pending_user_dialog_requests?: SDKControlRequest[];
  pending_elicitation_requests?: SDKControlRequest[];
};

/** `control_response`, either direction: the success or error answer to one request. */
export type SDKControlResponse = {
  type: 'control_response';
  response:
    | ({ subtype: 'success'; request_id: string; response?: Record<string, unknown> } & PendingRequests)
    | ({ subtype: 'error'; request_id: string; error: string } & PendingRequests);
};

/** `control_cancel_request`: the sender no longer wants an answer to `request_id`. */
export type SDKControlCancelRequest = {
  type: 'control_cancel_request';
  request_id: string;
};
