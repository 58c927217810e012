import { describe, expect, it } from 'vitest';
import { childConfigLocation } from './child-config-dir.js';

describe('childConfigLocation', () => {
  it('should read only env when it is given, as the child gets it in place of the process environment', () => {
    const processEnv = { CLAUDE_CONFIG_DIR: '/parent/config', HOME: '/home/parent' };
    expect(childConfigLocation({ env: { HOME: '/home/child' }, processEnv, homeDir: '/h' })).toEqual({
      configDir: '/home/child/.claude',
      explicit: false,
      home: '/home/child',
    });
    expect(childConfigLocation({ env: {}, processEnv, homeDir: '/h' })).toEqual({
      configDir: '/h/.claude',
      explicit: false,
      home: '/h',
    });
    expect(
      childConfigLocation({ env: { CLAUDE_CONFIG_DIR: '/c', HOME: undefined }, processEnv }),
    ).toMatchObject({
      configDir: '/c',
      explicit: true,
    });
  });

  it('should read the process environment when env is not given', () => {
    const processEnv = { CLAUDE_CONFIG_DIR: '/parent/config', HOME: '/home/parent' };
    expect(childConfigLocation({ processEnv, homeDir: '/h' })).toEqual({
      configDir: '/parent/config',
      explicit: true,
      home: '/home/parent',
    });
  });
});
