/**
 * The index's grid for near filters (issue 35, docs/adr/0054): cells of CELL_DEGREES square,
 * numbered row by row from the south pole and the antimeridian. At half a degree a cell is at most
 * 35 by 35 miles; a 50-mile search reads about 20 of them.
 */
export const CELL_DEGREES = 0.5;
const COLUMNS = 360 / CELL_DEGREES;
const ROWS = 180 / CELL_DEGREES;

const rowOf = (latitude: number) =>
  Math.min(ROWS - 1, Math.max(0, Math.floor((latitude + 90) / CELL_DEGREES)));
const columnOf = (longitude: number) =>
  Math.min(COLUMNS - 1, Math.max(0, Math.floor((longitude + 180) / CELL_DEGREES)));

/** The cell a point is in. */
export const cellOf = (latitude: number, longitude: number) =>
  rowOf(latitude) * COLUMNS + columnOf(longitude);

/**
 * Every cell a box overlaps (latitudes south to north; longitudes west to east, or every longitude
 * when the box has none: near a pole or across the antimeridian).
 */
export function* cellsOf(latitude: [number, number], longitude: [number, number] | null): Generator<number> {
  const [first, last] = longitude ? [columnOf(longitude[0]), columnOf(longitude[1])] : [0, COLUMNS - 1];
  for (let row = rowOf(latitude[0]); row <= rowOf(latitude[1]); row++)
    for (let column = first; column <= last; column++) yield row * COLUMNS + column;
}

/** A cell's corners, south-west first (a cell's farthest point from a place is one of them). */
export function cornersOf(cell: number): { latitude: number; longitude: number }[] {
  const south = Math.floor(cell / COLUMNS) * CELL_DEGREES - 90;
  const west = (cell % COLUMNS) * CELL_DEGREES - 180;
  return [
    { latitude: south, longitude: west },
    { latitude: south, longitude: west + CELL_DEGREES },
    { latitude: south + CELL_DEGREES, longitude: west },
    { latitude: south + CELL_DEGREES, longitude: west + CELL_DEGREES },
  ];
}
