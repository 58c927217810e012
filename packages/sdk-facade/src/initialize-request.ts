import type { Options } from './options.js';

/**
 * The payload of the `initialize` control request: what cannot travel on argv.
 * Hook callbacks are registered by the hooks module (a later step); until then `hooks` is null.
 */
export function buildInitializeRequest(options: Options): Record<string, unknown> {
  const request: Record<string, unknown> = { hooks: null };
  const systemPrompt = options.systemPrompt;
  if (typeof systemPrompt === 'object' && systemPrompt !== null && 'excludeDynamicSections' in systemPrompt) {
    request['excludeDynamicSections'] = systemPrompt.excludeDynamicSections === true;
  }
  return request;
}
