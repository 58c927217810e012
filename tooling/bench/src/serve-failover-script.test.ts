import { describe, expect, it } from 'vitest';
import { lostMarkers, turnOneMarkers, turnTwoMarkers } from './serve-failover-script.js';

describe('lostMarkers', () => {
  it('should count a marker the client saw and the resumed history lacks, and nothing else', () => {
    const expected = ['alpha', 'beta', 'gamma'];
    expect(lostMarkers(expected, 'alpha beta', 'alpha')).toEqual(['beta']);
    // gamma was never seen by the client: the history cannot have lost it.
    expect(lostMarkers(expected, 'alpha beta', 'alpha beta')).toEqual([]);
    expect(lostMarkers(expected, '', '')).toEqual([]);
  });
});

describe('markers', () => {
  it('should name their session so that session 1 and session 10 cannot be taken for each other', () => {
    const one = [...turnOneMarkers(1), ...turnTwoMarkers(1)];
    const ten = [...turnOneMarkers(10), ...turnTwoMarkers(10)];
    const historyOfTen = ten.join(' ');
    expect(lostMarkers(one, one.join(' '), historyOfTen)).toEqual(one);
    expect(lostMarkers(ten, ten.join(' '), historyOfTen)).toEqual([]);
  });
});
