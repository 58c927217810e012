import type { ServerResponse } from 'node:http';
import { sendError } from '../http-io.js';
import type { ServerMetrics } from './server-metrics.js';

/**
 * `GET /metrics`: every metric of the server in the Prometheus text exposition format, with the
 * library's `content-type`; 405 for another method.
 */
export async function serveMetrics(
  metrics: ServerMetrics,
  method: string | undefined,
  response: ServerResponse,
): Promise<void> {
  if (method !== 'GET') {
    sendError(response, 405, 'method_not_allowed', 'Use GET.', { allow: 'GET' });
    return;
  }
  const text = await metrics.exposition();
  response.writeHead(200, {
    'content-type': metrics.contentType,
    'content-length': String(Buffer.byteLength(text)),
    'cache-control': 'no-store',
  });
  response.end(text);
}
