import { describe, expect, it } from 'vitest';
import { formatTable } from './format-table.js';

describe('formatTable', () => {
  it('should pad columns to the widest cell, first left-aligned, others right-aligned', () => {
    const table = formatTable(
      ['size', 'MB/s'],
      [
        ['1 KiB', '204'],
        ['64 MiB', '9'],
      ],
    );
    expect(table.split('\n')).toEqual(['size    MB/s', '------  ----', '1 KiB    204', '64 MiB     9']);
  });
});
