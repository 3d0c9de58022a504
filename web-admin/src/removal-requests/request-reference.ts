/** How the console names a removal request: the start of its id, enough to tell requests apart. */
export const requestReference = (id: string) => `#${id.slice(0, 8)}`;
