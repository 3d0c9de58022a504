export const bench = 4;
