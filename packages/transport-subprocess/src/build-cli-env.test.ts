import { describe, expect, it } from 'vitest';
import { buildCliEnv, FILE_CHECKPOINTING_ENV, QUESTION_PREVIEW_FORMAT_ENV } from './build-cli-env.js';

describe('buildCliEnv', () => {
  it('should set nothing for no options', () => {
    expect(buildCliEnv({})).toEqual({});
  });

  it('should map toolConfig.askUserQuestion.previewFormat to its variable', () => {
    expect(buildCliEnv({ toolConfig: { askUserQuestion: { previewFormat: 'html' } } })).toEqual({
      [QUESTION_PREVIEW_FORMAT_ENV]: 'html',
    });
    expect(buildCliEnv({ toolConfig: { askUserQuestion: {} } })).toEqual({});
    expect(buildCliEnv({ toolConfig: {}, enableFileCheckpointing: true })).toEqual({
      [FILE_CHECKPOINTING_ENV]: 'true',
    });
  });

  it.each([
    [{ askUserQuestion: { previewFormat: 'pdf' } }, /"pdf"/],
    [{ askUserQuestion: 'html' }, /toolConfig\.askUserQuestion/],
    ['html', /toolConfig/],
  ])('should refuse toolConfig %j, quoting the bad value', (toolConfig, pattern) => {
    expect(() => buildCliEnv({ toolConfig: toolConfig as never })).toThrow(pattern);
  });
});
