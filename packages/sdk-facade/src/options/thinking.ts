/** How hard the model works (`--effort`); `max` is the highest the CLI accepts. */
export type EffortLevel = 'low' | 'medium' | 'high' | 'xhigh' | 'max';

/** Thinking as the model decides per request; `display` controls how thinking text is returned. */
export type ThinkingAdaptive = {
  type: 'adaptive';
  display?: 'summarized' | 'omitted';
};

/** Thinking on, with an optional token budget. */
export type ThinkingEnabled = {
  type: 'enabled';
  budgetTokens?: number;
  display?: 'summarized' | 'omitted';
};

/** Thinking off. */
export type ThinkingDisabled = {
  type: 'disabled';
};

/** The `thinking` option; it takes precedence over `maxThinkingTokens`. Narrow on `type`. */
export type ThinkingConfig = ThinkingAdaptive | ThinkingEnabled | ThinkingDisabled;
