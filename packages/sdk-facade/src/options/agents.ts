import type { AgentDefinition } from '@ccsdk/control-protocol';

export type { AgentDefinition };

/** The `agents` payload of `initialize`: each definition without its absent or null fields. */
export function agentsForInitialize(
  agents: Record<string, AgentDefinition>,
): Record<string, Record<string, unknown>> {
  const out: Record<string, Record<string, unknown>> = {};
  for (const [name, definition] of Object.entries(agents)) {
    if (typeof definition !== 'object' || definition === null) {
      throw new TypeError(
        `options.agents.${name} must be an AgentDefinition object, got ${String(definition)}`,
      );
    }
    if (typeof definition.description !== 'string' || typeof definition.prompt !== 'string') {
      throw new TypeError(`options.agents.${name} needs string description and prompt`);
    }
    out[name] = Object.fromEntries(
      Object.entries(definition).filter(([, value]) => value !== undefined && value !== null),
    );
  }
  return out;
}
