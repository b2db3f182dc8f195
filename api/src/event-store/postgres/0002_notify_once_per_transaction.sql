-- Issue 28 item 3: at most one notification per committed transaction (the payload no longer names the stream;
-- nothing read it: listeners only wake their pollers).
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

  -- Wake-up hint only, delivered on commit. One payload for all: PostgreSQL folds identical notifications of a
  -- transaction into one, so a group commit of many appends notifies (and takes the notify lock) once.
  perform pg_notify('es_events', '');
end $$;
