import type pg from 'pg';

/*
 * The directory's sources (issue 34, docs/adr/0051): one row per (source, file, file date) an event
 * came from, so a candidate names its provenance with a number instead of a copy of a file name.
 * A directory of millions holds a few hundred of them (one per file imported).
 */

/** A `directory_sources` row as node-postgres returns it. */
export type DirectorySourcesTable = {
  id: number;
  source: string;
  file: string | null;
  file_date: Date | null;
};

/** What an event says of where its values come from. */
export type SourceOf = { source: string; file: string | null; date: string | null };

export const SOURCES_SQL = `
    create table directory_sources (
      -- numbered by first appearance in the event log (sourceIdsOf), not by a sequence: a rebuild
      -- numbers them alike, and a rolled-back batch leaves no gap
      id int primary key,
      source text not null,
      file text,
      file_date date,
      unique nulls not distinct (source, file, file_date)
    );`;

/**
 * The ids of these sources, added when new: one statement for a run of events. A new source gets
 * the next number after the table's highest, in the order the events name them, so its id is its
 * rank of first appearance in the event log: a rebuild from the log numbers every source as the
 * live read model did (the chaos suite's "read model equals a rebuild"), whatever the batches and
 * however many batches were rolled back (a sequence would have numbers taken by conflicts and
 * rollbacks). The projector is the table's only writer, inside its batch's transaction, so
 * nothing races the insert.
 */
export async function sourceIdsOf(
  client: pg.PoolClient,
  sources: readonly SourceOf[],
): Promise<Map<string, number>> {
  const distinct = new Map(sources.map((s) => [keyOf(s), s]));
  const wanted = [...distinct.values()];
  const { rows } = await client.query<{
    id: number;
    source: string;
    file: string | null;
    file_date: string | null;
  }>(
    `with wanted as (
       select * from unnest($1::text[], $2::text[], $3::date[]) with ordinality as w(source, file, file_date, n)
     ), known as (
       select s.id, s.source, s.file, s.file_date from directory_sources s
       join wanted w on s.source = w.source and s.file is not distinct from w.file
         and s.file_date is not distinct from w.file_date
     ), added as (
       insert into directory_sources (id, source, file, file_date)
       select (select coalesce(max(id), 0) from directory_sources) + row_number() over (order by w.n),
         w.source, w.file, w.file_date
       from wanted w
       where not exists (
         select 1 from known k where k.source = w.source and k.file is not distinct from w.file
           and k.file_date is not distinct from w.file_date
       )
       returning id, source, file, file_date
     )
     select id, source, file, file_date::text from added
     union all
     select id, source, file, file_date::text from known`,
    [wanted.map((s) => s.source), wanted.map((s) => s.file), wanted.map((s) => s.date)],
  );
  return new Map(rows.map((r) => [keyOf({ source: r.source, file: r.file, date: r.file_date }), r.id]));
}

/** One source's key in the maps above. */
export const keyOf = ({ source, file, date }: SourceOf) => `${source}\u001f${file ?? ''}\u001f${date ?? ''}`;
