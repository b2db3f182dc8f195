import { type EventFilter, streamCategory } from '@etf-replicator/core';
import { eventTypeFilter, type Filter, streamNameFilter } from '@kurrent/kurrentdb-client';

/**
 * How a port `EventFilter` runs against `$all`. KurrentDB filters on ONE field per read (stream name or event
 * type, by prefix or regex), so the plan sends the most selective part to the server and checks everything again
 * on the client:
 * - categories given: a stream-name regex `^(?:a|b)(?:-|$)` (a category is the stream id before its first `-`);
 *   event types, if any, are checked on the client;
 * - only event types: an event-type regex `^(?:A|B)$`;
 * - nothing: a stream-name regex `^[^$]` that drops system streams.
 * The client check always drops system events (`$`-prefixed type or stream), e.g. `$>` links the server let through.
 */
export type FilterPlan = {
  readonly server: Filter;
  readonly accepts: (event: { readonly streamId: string; readonly type: string }) => boolean;
};

type EventIdentity = { readonly streamId: string; readonly type: string };

/** Escapes regex syntax shared by JavaScript and .NET (the server evaluates the pattern). */
export const escapeRegex = (text: string): string => text.replace(/[\\^$.*+?()[\]{}|#\s-]/g, '\\$&');

export const isSystemEvent = ({ streamId, type }: EventIdentity): boolean =>
  streamId.startsWith('$') || type.startsWith('$');

const alternatives = (values: readonly string[]) => values.map(escapeRegex).join('|');

export const planEventFilter = (filter: EventFilter | undefined): FilterPlan => {
  const types = filter?.eventTypes?.length ? new Set(filter.eventTypes) : undefined;
  const categories = filter?.categories?.length ? new Set(filter.categories) : undefined;
  const accepts = (event: EventIdentity) =>
    !isSystemEvent(event) &&
    (types === undefined || types.has(event.type)) &&
    (categories === undefined || categories.has(streamCategory(event.streamId)));

  if (categories) {
    return {
      server: streamNameFilter({ regex: `^(?:${alternatives([...categories])})(?:-|$)` }),
      accepts,
    };
  }
  if (types) {
    return { server: eventTypeFilter({ regex: `^(?:${alternatives([...types])})$` }), accepts };
  }
  return { server: streamNameFilter({ regex: '^[^$]' }), accepts };
};
