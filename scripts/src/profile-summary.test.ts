import { describe, expect, it } from 'vitest';
import { formatSummary, summariseProfile } from './profile-summary';

const frame = (functionName: string, url: string) => ({ functionName, url, lineNumber: 0 });

// root → handler (api) → query (pg) ; root → (idle). Samples: query, query, handler, idle, each 1 ms apart.
const profile = {
  nodes: [
    { id: 1, callFrame: frame('(root)', ''), children: [2, 4] },
    { id: 2, callFrame: frame('handler', 'file:///x/api/dist/server.js'), children: [3] },
    { id: 3, callFrame: frame('query', 'file:///x/node_modules/pg/lib/client.js') },
    { id: 4, callFrame: frame('(idle)', '') },
  ],
  samples: [3, 3, 2, 4],
  timeDeltas: [0, 1000, 1000, 1000, 1000],
};

describe('summariseProfile', () => {
  it('gives self time to the leaf and total time to every function on the stack once', () => {
    const summary = summariseProfile(profile);
    expect(summary.totalMs).toBe(4);
    expect(summary.selfByFunction.get('query npm:pg/lib/client.js:1')).toBe(2);
    expect(summary.selfByFunction.get('handler api/dist/server.js:1')).toBe(1);
    expect(summary.totalByFunction.get('handler api/dist/server.js:1')).toBe(3);
    expect(summary.selfByFile.get('npm:pg')).toBe(2);
    expect(summary.totalByFile.get('api/dist/server.js')).toBe(3);
  });

  it('formats shares of all sampled time, largest first', () => {
    const text = formatSummary(summariseProfile(profile), 1);
    expect(text).toContain('sampled 0.0 s');
    expect(text).toContain(' 50.0%        2 ms  query npm:pg/lib/client.js:1');
    expect(text).not.toContain('handler');
  });
});
