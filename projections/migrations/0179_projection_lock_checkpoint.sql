-- The asynchronous runner's page lock in one round trip (issue 28 item 1): locks the projection's checkpoint row
-- (creating it first when it is missing) and returns its position with the streams that have a parked event for the
-- projection. A VOLATILE plpgsql function takes a fresh snapshot per statement, so the parked streams are read AFTER
-- the lock is held: a runner that waited for the lock sees what the holder parked or unparked, exactly as the
-- separate statements did. One statement with a subquery would read them from before the wait.
create function projection_lock_checkpoint(p_projection text)
returns table (locked_position text, parked_streams jsonb)
language plpgsql volatile as $$
declare
  v_position text;
begin
  select c.position into v_position from projection_checkpoints c where c.projection = p_projection for update;
  if not found then
    insert into projection_checkpoints (projection, position) values (p_projection, '')
      on conflict (projection) do nothing;
    select c.position into v_position from projection_checkpoints c where c.projection = p_projection for update;
    if not found then
      raise exception 'The checkpoint of % could not be created', p_projection;
    end if;
  end if;
  return query
    select v_position,
           coalesce((select jsonb_agg(distinct f.stream_id) from projection_failures f
                      where f.projector = p_projection), '[]'::jsonb);
end;
$$;
