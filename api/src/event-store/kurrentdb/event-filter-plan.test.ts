import type { Filter } from '@kurrent/kurrentdb-client';
import { describe, expect, it } from 'vitest';
import { escapeRegex, isSystemEvent, planEventFilter } from './event-filter-plan';

/** Applies a server filter the way KurrentDB does (the patterns used here mean the same in .NET and JS). */
const serverKeeps = (filter: Filter, event: { streamId: string; type: string }) => {
  const subject = filter.filterOn === 'streamName' ? event.streamId : event.type;
  if ('regex' in filter) return new RegExp(filter.regex).test(subject);
  return filter.prefixes.some((prefix) => subject.startsWith(prefix));
};

const e = (streamId: string, type = 'Happened') => ({ streamId, type });

describe('planEventFilter', () => {
  it('without a filter keeps user events and drops system streams and types', () => {
    const plan = planEventFilter(undefined);
    expect(plan.server.filterOn).toBe('streamName');
    expect(serverKeeps(plan.server, e('tracking-1'))).toBe(true);
    expect(serverKeeps(plan.server, e('$ce-tracking', '$>'))).toBe(false);
    expect(serverKeeps(plan.server, e('$$tracking-1', '$metadata'))).toBe(false);
    expect(plan.accepts(e('tracking-1'))).toBe(true);
    expect(plan.accepts(e('tracking-1', '$>'))).toBe(false);
    expect(plan.accepts(e('$stats-127.0.0.1:2113', 'Stats'))).toBe(false);
    expect(planEventFilter({}).server).toEqual(plan.server);
    expect(planEventFilter({ eventTypes: [], categories: [] }).server).toEqual(plan.server);
  });

  it('filters categories on the server by stream name, matching the whole category only', () => {
    const plan = planEventFilter({ categories: ['tracking', 'user'] });
    expect(plan.server.filterOn).toBe('streamName');
    const keep = (streamId: string) => serverKeeps(plan.server, e(streamId)) && plan.accepts(e(streamId));
    expect(keep('tracking-6f1c-44aa')).toBe(true);
    expect(keep('user-1')).toBe(true);
    expect(keep('tracking')).toBe(true);
    expect(keep('trackingquota-1')).toBe(false);
    expect(keep('xtracking-1')).toBe(false);
    expect(keep('etf-VOO')).toBe(false);
    expect(keep('$ce-tracking')).toBe(false);
  });

  it('checks event types on the client when categories went to the server', () => {
    const plan = planEventFilter({ categories: ['tracking'], eventTypes: ['Opened'] });
    expect(plan.server.filterOn).toBe('streamName');
    expect(serverKeeps(plan.server, e('tracking-1', 'Closed'))).toBe(true);
    expect(plan.accepts(e('tracking-1', 'Closed'))).toBe(false);
    expect(plan.accepts(e('tracking-1', 'Opened'))).toBe(true);
    expect(plan.accepts(e('user-1', 'Opened'))).toBe(false);
  });

  it('filters event types alone on the server by exact type', () => {
    const plan = planEventFilter({ eventTypes: ['Opened', 'Closed'] });
    expect(plan.server.filterOn).toBe('eventType');
    const keep = (type: string, streamId = 'tracking-1') =>
      serverKeeps(plan.server, e(streamId, type)) && plan.accepts(e(streamId, type));
    expect(keep('Opened')).toBe(true);
    expect(keep('Closed')).toBe(true);
    expect(keep('OpenedAgain')).toBe(false);
    expect(keep('ReOpened')).toBe(false);
    expect(keep('Opened', '$projections-x')).toBe(false);
  });

  it('escapes regex syntax in names', () => {
    const plan = planEventFilter({ eventTypes: ['Price.Set', 'A|B', 'x+'] });
    const keep = (type: string) => serverKeeps(plan.server, e('etf-1', type));
    expect(keep('Price.Set')).toBe(true);
    expect(keep('PriceXSet')).toBe(false);
    expect(keep('A|B')).toBe(true);
    expect(keep('A')).toBe(false);
    expect(keep('x+')).toBe(true);
    expect(keep('xx')).toBe(false);
    expect(escapeRegex('a.b*c')).toBe('a\\.b\\*c');
  });
});

describe('isSystemEvent', () => {
  it('recognises $-prefixed streams and types', () => {
    expect(isSystemEvent(e('$users'))).toBe(true);
    expect(isSystemEvent(e('user-1', '$>'))).toBe(true);
    expect(isSystemEvent(e('user-1', 'Registered'))).toBe(false);
    expect(isSystemEvent(e('user-$1', 'Paid$'))).toBe(false);
  });
});
