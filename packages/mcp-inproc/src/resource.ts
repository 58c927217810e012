import type { RequestHandlerExtra } from '@modelcontextprotocol/sdk/shared/protocol.js';
import type { Variables } from '@modelcontextprotocol/sdk/shared/uriTemplate.js';
import type {
  ListResourcesResult,
  ReadResourceResult,
  ServerNotification,
  ServerRequest,
} from '@modelcontextprotocol/sdk/types.js';
import { quoteValue } from './describe-value.js';
import { isPlainObject } from './json-rpc.js';

/** The MCP request context a resource or prompt callback receives. */
export type SdkMcpRequestExtra = RequestHandlerExtra<ServerRequest, ServerNotification>;

/**
 * One resource of an SDK MCP server. `uri` is either a fixed URI (`config://app`) or an RFC 6570
 * template (`notes://{id}`); a template's `read` receives the matched variables, and its optional
 * `list` names the concrete resources for `resources/list`.
 */
export interface SdkMcpResourceDefinition {
  /** The resource's name, unique within its server. */
  name: string;
  /** A fixed URI, or an RFC 6570 template whose variables `read` receives. */
  uri: string;
  /** Human-readable title shown by clients. */
  title?: string;
  /** What the resource holds. */
  description?: string;
  /** The MIME type of its contents, when known. */
  mimeType?: string;
  /** Lists the concrete resources a template stands for (templates only). */
  list?(extra: SdkMcpRequestExtra): ListResourcesResult | Promise<ListResourcesResult>;
  /** Reads the resource. `variables` is empty for a fixed URI. */
  read(
    uri: URL,
    variables: Variables,
    extra: SdkMcpRequestExtra,
  ): ReadResourceResult | Promise<ReadResourceResult>;
}

/** Checks a resource definition; throws a `TypeError` quoting the bad value. */
export function validateResource(resource: unknown): SdkMcpResourceDefinition {
  if (!isPlainObject(resource))
    throw new TypeError(`A resource definition must be an object, got ${quoteValue(resource)}.`);
  const { name, uri, read, list } = resource;
  if (typeof name !== 'string' || name === '') {
    throw new TypeError(`A resource name must be a non-empty string, got ${quoteValue(name)}.`);
  }
  if (typeof uri !== 'string' || uri === '') {
    throw new TypeError(
      `resource ${JSON.stringify(name)}: uri must be a non-empty string, got ${quoteValue(uri)}.`,
    );
  }
  if (typeof read !== 'function') {
    throw new TypeError(
      `resource ${JSON.stringify(name)}: read must be a function, got ${quoteValue(read)}.`,
    );
  }
  if (list !== undefined && typeof list !== 'function') {
    throw new TypeError(
      `resource ${JSON.stringify(name)}: list must be a function, got ${quoteValue(list)}.`,
    );
  }
  return resource as unknown as SdkMcpResourceDefinition;
}
