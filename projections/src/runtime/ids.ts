const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Whether an erased subject's id can name a row keyed by uuid: subjects are users, candidates and
 * submissions (uuids) but also other keys, and comparing those with a uuid column would fail.
 */
export const isUuid = (value: string): boolean => UUID.test(value);
