import type { Migration } from '../migrations';
import { personalDataMigrations } from '../personal-data';

/** Wakes tailing readers; the payload is empty, readers always re-read from their own position. */
export const EVENTS_CHANNEL = 'eventstore_events';

/**
 * One table of events. `transaction_id` is the writing transaction's id: readers of `$all` order by
 * (transaction_id, global_position) and read only transactions older than the oldest one still
 * running, so an event that commits late can never land behind a reader's position.
 */
export const eventStoreMigrations: readonly Migration[] = [
  {
    id: '001-events',
    sql: `
create schema if not exists eventstore;

create table eventstore.streams (
  stream_id text primary key,
  version bigint not null
);

create table eventstore.events (
  global_position bigint generated always as identity primary key,
  stream_id text not null,
  stream_position bigint not null,
  event_id uuid not null,
  type text not null,
  data jsonb not null,
  metadata jsonb not null,
  recorded_at timestamptz not null default now(),
  transaction_id bigint not null,
  constraint events_stream_position_key unique (stream_id, stream_position),
  constraint events_event_id_key unique (event_id)
);
create index events_all_order on eventstore.events (transaction_id, global_position);

-- p_events: [{id, type, data, metadata}] in stream order.
-- One round trip per append: idempotency check, optimistic concurrency, insert, notify.
-- p_expected: -2 any, -1 no stream, n >= 0 the stream's current last position.
create function eventstore.append_events(
  p_stream text, p_expected bigint, p_ids uuid[], p_events jsonb
) returns table (outcome text, version bigint, last_commit bigint, last_prepare bigint)
language plpgsql as $$
declare
  v_count int := cardinality(p_ids);
  v_stored int;
  v_current bigint;
  v_tx bigint;
  v_last bigint;
begin
  select count(*) into v_stored from eventstore.events where event_id = any(p_ids);
  if v_stored > 0 then
    select coalesce(max(s.version), -1) into v_current from eventstore.streams s where s.stream_id = p_stream;
    if v_stored = v_count then
      return query select 'duplicate'::text, v_current, null::bigint, null::bigint;
    else
      return query select 'partial_duplicate'::text, v_current, null::bigint, null::bigint;
    end if;
    return;
  end if;

  -- Takes the stream's row lock: concurrent appends to one stream queue here, others do not.
  insert into eventstore.streams as s (stream_id, version) values (p_stream, -1)
    on conflict (stream_id) do update set version = s.version
    returning s.version into v_current;

  if p_expected <> -2 and v_current <> p_expected then
    -- Raising rolls back the stream row the upsert may have just created.
    raise exception 'wrong expected version' using errcode = 'HT409', detail = v_current::text;
  end if;

  v_tx := pg_current_xact_id()::text::bigint;
  with inserted as (
    insert into eventstore.events (stream_id, stream_position, event_id, type, data, metadata, transaction_id)
      select p_stream, v_current + u.ord, u.id, u.type, u.data, u.metadata, v_tx
      from rows from (jsonb_to_recordset(p_events) as (id uuid, type text, data jsonb, metadata jsonb))
        with ordinality as u(id, type, data, metadata, ord)
      order by u.ord
      returning global_position
  )
  select max(global_position) into v_last from inserted;
  update eventstore.streams set version = v_current + v_count where stream_id = p_stream;
  perform pg_notify('${EVENTS_CHANNEL}', '');
  return query select 'appended'::text, v_current + v_count, v_tx, v_last;
end;
$$;
`,
  },
  ...personalDataMigrations,
  {
    // The ids come from the payload itself: one parameter less to serialise on every append.
    id: '003-append-events-from-payload',
    sql: `
drop function eventstore.append_events(text, bigint, uuid[], jsonb);
create function eventstore.append_events(p_stream text, p_expected bigint, p_events jsonb) returns table (outcome text, version bigint, last_commit bigint, last_prepare bigint)
language plpgsql as $$
declare
  v_ids uuid[] := array(select (e->>'id')::uuid from jsonb_array_elements(p_events) as e);
  v_count int := cardinality(v_ids);
  v_stored int;
  v_current bigint;
  v_tx bigint;
  v_last bigint;
begin
  select count(*) into v_stored from eventstore.events where event_id = any(v_ids);
  if v_stored > 0 then
    select coalesce(max(s.version), -1) into v_current from eventstore.streams s where s.stream_id = p_stream;
    if v_stored = v_count then
      return query select 'duplicate'::text, v_current, null::bigint, null::bigint;
    else
      return query select 'partial_duplicate'::text, v_current, null::bigint, null::bigint;
    end if;
    return;
  end if;

  -- Takes the stream's row lock: concurrent appends to one stream queue here, others do not.
  insert into eventstore.streams as s (stream_id, version) values (p_stream, -1)
    on conflict (stream_id) do update set version = s.version
    returning s.version into v_current;

  if p_expected <> -2 and v_current <> p_expected then
    -- Raising rolls back the stream row the upsert may have just created.
    raise exception 'wrong expected version' using errcode = 'HT409', detail = v_current::text;
  end if;

  v_tx := pg_current_xact_id()::text::bigint;
  with inserted as (
    insert into eventstore.events (stream_id, stream_position, event_id, type, data, metadata, transaction_id)
      select p_stream, v_current + u.ord, u.id, u.type, u.data, u.metadata, v_tx
      from rows from (jsonb_to_recordset(p_events) as (id uuid, type text, data jsonb, metadata jsonb))
        with ordinality as u(id, type, data, metadata, ord)
      order by u.ord
      returning global_position
  )
  select max(global_position) into v_last from inserted;
  update eventstore.streams set version = v_current + v_count where stream_id = p_stream;
  perform pg_notify('${EVENTS_CHANNEL}', '');
  return query select 'appended'::text, v_current + v_count, v_tx, v_last;
end;
$$;
`,
  },
  {
    id: '004-create-streams',
    sql: `
-- p_streams: [{stream, events: [{id, type, data, metadata}]}]. Streams that exist are skipped.
create function eventstore.create_streams(p_streams jsonb)
returns table (created_stream text)
language plpgsql as $$
declare
  v_tx bigint := pg_current_xact_id()::text::bigint;
begin
  return query
  with claimed as (
    insert into eventstore.streams as s (stream_id, version)
      select x.stream, jsonb_array_length(x.events) - 1
      from jsonb_to_recordset(p_streams) as x(stream text, events jsonb)
      on conflict (stream_id) do nothing
      returning s.stream_id
  ), inserted as (
    insert into eventstore.events (stream_id, stream_position, event_id, type, data, metadata, transaction_id)
      select x.stream, e.ord - 1, (e.value->>'id')::uuid, e.value->>'type', e.value->'data', e.value->'metadata', v_tx
      from rows from (jsonb_to_recordset(p_streams) as (stream text, events jsonb)) with ordinality as x(stream, events, ord)
      join claimed c on c.stream_id = x.stream
      cross join lateral jsonb_array_elements(x.events) with ordinality as e(value, ord)
      order by x.ord, e.ord
      returning 1
  )
  select c.stream_id from claimed c;
  if found then
    perform pg_notify('${EVENTS_CHANNEL}', '');
  end if;
end;
$$;
`,
  },
  {
    // The planner guesses 100 rows for jsonb_to_recordset and joined the claimed streams to the
    // payload with a nested loop: 2,000 streams meant 4 million comparisons, 80 % of an import's
    // server time. A hash join and an in-memory sort make a batch about six times cheaper.
    id: '005-create-streams-hash-join',
    sql: `
alter function eventstore.create_streams(jsonb) set enable_nestloop = off;
alter function eventstore.create_streams(jsonb) set work_mem = '64MB';
`,
  },
  {
    // An imported candidate's event is about 2.1 kB, just over the ~2 kB at which PostgreSQL moves a
    // row's data out of line (TOAST); keeping rows up to a page inline saves that work on every read.
    id: '006-events-toast-target',
    sql: 'alter table eventstore.events set (toast_tuple_target = 8160)',
  },
  {
    // Readers of a few event types (most projectors) walk one index range per type instead of $all.
    id: '007-events-by-type',
    sql: 'create index events_by_type on eventstore.events (type, transaction_id, global_position)',
  },
  {
    // One type's events after a position, in $all order, up to a visibility bound. The planner,
    // without statistics on a young table, liked a bitmap scan of the whole type plus a sort, which
    // made every batch of a rebuild re-read all the type's remaining events: the settings pin the
    // ordered index walk that stops after p_limit rows.
    id: '008-read-events-of-type',
    sql: `
create function eventstore.read_events_of_type(
  p_type text, p_commit bigint, p_prepare bigint, p_bound bigint, p_limit int
) returns setof eventstore.events
language sql stable
set enable_bitmapscan = off
set enable_sort = off
set enable_seqscan = off
as $$
  select * from eventstore.events
  where type = p_type and (transaction_id, global_position) > (p_commit, p_prepare) and transaction_id < p_bound
  order by transaction_id, global_position
  limit p_limit
$$;
`,
  },
  {
    // appendToStreams in a few set-based statements instead of append_events once per stream: for
    // a batch of 1,000 one-event appends (an import's updates) the per-stream function's seven
    // statements were half the server's time of the CMS import's second pass. Same answers: when
    // any id is stored already it goes stream by stream (duplicate, partial duplicate, or a clash
    // of the caller's to name); a stream not at its expected version raises HT409, and the caller
    // goes stream by stream to say which.
    id: '009-append-to-streams',
    sql: `
-- p_appends: [{stream, expected, events: [{id, type, data, metadata}]}], each stream once.
create function eventstore.append_to_streams(p_appends jsonb)
returns table (ord bigint, outcome text, version bigint, last_commit bigint, last_prepare bigint)
language plpgsql as $$
declare
  v_streams text[];
  v_expected bigint[];
  v_counts int[];
  v_current bigint[];
  v_tx bigint;
begin
  select array_agg(x.a->>'stream' order by x.o), array_agg((x.a->>'expected')::bigint order by x.o),
         array_agg(jsonb_array_length(x.a->'events') order by x.o)
    into v_streams, v_expected, v_counts
    from jsonb_array_elements(p_appends) with ordinality as x(a, o);
  if v_streams is null then
    return;
  end if;

  if exists (
    select 1 from eventstore.events
    where event_id in (
      select (e->>'id')::uuid from jsonb_array_elements(p_appends) as x(a), jsonb_array_elements(x.a->'events') as e
    )
  ) then
    return query
      select x.o, r.outcome, r.version, r.last_commit, r.last_prepare
      from jsonb_array_elements(p_appends) with ordinality as x(a, o)
      cross join lateral eventstore.append_events(x.a->>'stream', (x.a->>'expected')::bigint, x.a->'events') as r
      order by x.o;
    return;
  end if;

  -- Takes every stream's row lock (a new stream's row at -1), in the payload's order.
  with locked as (
    insert into eventstore.streams as s (stream_id, version)
      select u.stream, -1 from unnest(v_streams) with ordinality as u(stream, o) order by u.o
      on conflict (stream_id) do update set version = s.version
      returning s.stream_id, s.version
  )
  select array_agg(l.version order by u.o) into v_current
    from unnest(v_streams) with ordinality as u(stream, o) join locked l on l.stream_id = u.stream;

  if exists (
    select 1 from unnest(v_expected, v_current) as u(expected, version)
    where u.expected <> -2 and u.expected <> u.version
  ) then
    raise exception 'wrong expected version' using errcode = 'HT409';
  end if;

  v_tx := pg_current_xact_id()::text::bigint;
  return query
  with inserted as (
    insert into eventstore.events (stream_id, stream_position, event_id, type, data, metadata, transaction_id)
      select v_streams[x.o], v_current[x.o] + e.o, (e.v->>'id')::uuid, e.v->>'type', e.v->'data', e.v->'metadata', v_tx
      from jsonb_array_elements(p_appends) with ordinality as x(a, o)
      cross join lateral jsonb_array_elements(x.a->'events') with ordinality as e(v, o)
      order by x.o, e.o
      returning eventstore.events.stream_id, global_position
  ), last as (
    select i.stream_id, max(i.global_position) as position from inserted i group by i.stream_id
  )
  select u.o, 'appended'::text, u.version + u.n, v_tx, l.position
    from unnest(v_streams, v_current, v_counts) with ordinality as u(stream, version, n, o)
    join last l on l.stream_id = u.stream
    order by u.o;

  update eventstore.streams as s set version = u.version + u.n
    from unnest(v_streams, v_current, v_counts) as u(stream, version, n)
    where s.stream_id = u.stream;
  perform pg_notify('${EVENTS_CHANNEL}', '');
end;
$$;
`,
  },
];
