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
      id int generated always as identity primary key,
      source text not null,
      file text,
      file_date date,
      unique nulls not distinct (source, file, file_date)
    );`;

/**
 * The ids of these sources, added when new: one statement for a run of events. The projector is
 * the table's only writer, inside its batch's transaction, so nothing races the insert.
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
       select * from unnest($1::text[], $2::text[], $3::date[]) as w(source, file, file_date)
     ), added as (
       insert into directory_sources (source, file, file_date) select * from wanted
       on conflict (source, file, file_date) do nothing
       returning id, source, file, file_date
     )
     select id, source, file, file_date::text from added
     union all
     select s.id, s.source, s.file, s.file_date::text from directory_sources s
     join wanted w on s.source = w.source and s.file is not distinct from w.file
       and s.file_date is not distinct from w.file_date`,
    [wanted.map((s) => s.source), wanted.map((s) => s.file), wanted.map((s) => s.date)],
  );
  return new Map(rows.map((r) => [keyOf({ source: r.source, file: r.file, date: r.file_date }), r.id]));
}

/** One source's key in the maps above. */
export const keyOf = ({ source, file, date }: SourceOf) => `${source}\u001f${file ?? ''}\u001f${date ?? ''}`;
