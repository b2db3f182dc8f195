-- The event log: append-only. Nothing ever UPDATEs or DELETEs es_events (a trigger enforces it).
create table es_streams (
  stream_id   text primary key,
  category    text not null,
  version     bigint not null,                -- revision of the stream's last event, 0-based
  created_at  timestamptz not null default now(),
  updated_at  timestamptz not null default now()
);

create table es_events (
  global_position bigint generated always as identity,
  transaction_id  xid8   not null default pg_current_xact_id(),
  stream_id       text   not null,
  category        text   not null,
  stream_position bigint not null,
  event_id        uuid   not null,
  event_type      text   not null,
  data            jsonb  not null,
  metadata        jsonb  not null default '{}',
  created_at      timestamptz not null default now(),
  primary key (stream_id, stream_position),
  unique (event_id)
);

-- Global order for readers: (transaction_id, global_position), read only below the snapshot's xmin, so an event
-- whose transaction commits late is never skipped (research/event-store.md §1).
create index es_events_global_order on es_events (transaction_id, global_position);

create function es_events_immutable() returns trigger language plpgsql as $$
begin
  raise exception 'es_events is append-only' using errcode = 'P0004';
end $$;

create trigger es_events_no_update_or_delete before update or delete on es_events
  for each statement execute function es_events_immutable();
create trigger es_events_no_truncate before truncate on es_events
  for each statement execute function es_events_immutable();

-- p_expected: null = any, -1 = no stream, -2 = stream exists, n >= 0 = exact revision.
-- Returns the new revision and the position of the last event; conflict = true (with the current revision) when the
-- expectation fails. Re-appending events whose ids are already stored returns their original result (idempotent).
create function es_append(
  p_stream_id text, p_category text, p_expected bigint,
  p_ids uuid[], p_types text[], p_data jsonb[], p_metadata jsonb[])
returns table (next_version bigint, last_tx xid8, last_position bigint, conflict boolean, current_version bigint)
language plpgsql as $$
declare
  k bigint := cardinality(p_ids);
  v_new bigint;
begin
  if k = 0 then
    raise exception 'es_append needs at least one event' using errcode = '22023';
  end if;

  return query select * from es_existing_append(p_stream_id, p_ids);
  if found then return; end if;

  begin
    if p_expected is null then
      insert into es_streams as s (stream_id, category, version) values (p_stream_id, p_category, k - 1)
      on conflict (stream_id) do update set version = s.version + k, updated_at = now()
      returning s.version into v_new;
    elsif p_expected = -1 then
      insert into es_streams (stream_id, category, version) values (p_stream_id, p_category, k - 1)
      on conflict (stream_id) do nothing
      returning version into v_new;
    else
      -- A concurrent writer holding the row re-checks the predicate after it commits, so only one wins.
      update es_streams set version = version + k, updated_at = now()
       where stream_id = p_stream_id and (p_expected = -2 or version = p_expected)
      returning version into v_new;
    end if;

    if v_new is null then
      -- Lost the race, or a retry of an append that committed meanwhile: answer the retry idempotently.
      return query select * from es_existing_append(p_stream_id, p_ids);
      if found then return; end if;
      return query select null::bigint, null::xid8, null::bigint, true,
        (select s.version from es_streams s where s.stream_id = p_stream_id);
      return;
    end if;

    return query
      with inserted as (
        insert into es_events (stream_id, category, stream_position, event_id, event_type, data, metadata)
        select p_stream_id, p_category, v_new - k + e.ord, e.id, e.typ, e.dat, coalesce(e.meta, '{}'::jsonb)
          from unnest(p_ids, p_types, p_data, p_metadata) with ordinality as e(id, typ, dat, meta, ord)
        returning global_position)
      select v_new, pg_current_xact_id(), max(inserted.global_position), false, null::bigint from inserted;
  exception when unique_violation then
    -- The same event ids were appended concurrently (an `any` retry): report the stored result instead.
    return query select * from es_existing_append(p_stream_id, p_ids);
    if found then return; end if;
    raise;
  end;

  perform pg_notify('es_events', p_stream_id);  -- wake-up hint only; delivered on commit
end $$;

-- The stored result of an earlier append of exactly these ids on this stream; no row when none of them is stored.
create function es_existing_append(p_stream_id text, p_ids uuid[])
returns table (next_version bigint, last_tx xid8, last_position bigint, conflict boolean, current_version bigint)
language plpgsql as $$
declare
  stored bigint;
  on_stream bigint;
begin
  select count(*), count(*) filter (where e.stream_id = p_stream_id)
    into stored, on_stream
    from es_events e where e.event_id = any(p_ids);
  if stored = 0 then return; end if;
  if stored <> cardinality(p_ids) or on_stream <> stored then
    raise exception 'event ids already used by a different append' using errcode = 'P0005';
  end if;
  return query
    select e.stream_position, e.transaction_id, e.global_position, false, null::bigint
      from es_events e where e.event_id = any(p_ids)
     order by e.stream_position desc limit 1;
end $$;
