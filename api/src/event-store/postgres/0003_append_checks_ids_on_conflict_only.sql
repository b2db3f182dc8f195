-- Issue 28: every append first looked its event ids up (es_existing_append), although each case that lookup answers
-- fails on its own without it: a retry of an append that committed finds the stream moved past its expected revision
-- (or already there), and ids stored before break es_events' unique key. PL/pgSQL keeps a session's plan of that
-- lookup, and a plan made while es_events was nearly empty scans the whole table; until the table is next analyzed
-- (never, where autovacuum is off) every append read the whole log: 1.7 ms at 9,700 events, growing with each.
-- The lookup now runs only when an append fails, and is planned for the table as it is at each call.
create or replace function es_append(
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
    -- These ids are stored: a retry (the stream's row change above is undone with this block) answered with the
    -- stored result, or ids another append used (P0005 from es_existing_append).
    return query select * from es_existing_append(p_stream_id, p_ids);
    if found then return; end if;
    raise;
  end;

  -- Wake-up hint only, delivered on commit. One payload for all: PostgreSQL folds identical notifications of a
  -- transaction into one, so a group commit of many appends notifies (and takes the notify lock) once.
  perform pg_notify('es_events', '');
end $$;

alter function es_existing_append(text, uuid[]) set plan_cache_mode = force_custom_plan;
