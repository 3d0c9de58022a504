export const projections = [];
