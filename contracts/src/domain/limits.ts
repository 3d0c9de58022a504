/** Limits that are ours rather than the spec's: they keep one request from filling the store. */
export const ContactLimits = {
  nameMax: 200,
  emailMax: 254,
  phoneMax: 40,
  subjectMax: 200,
  messageMax: 5000,
} as const;

/** JSON request bodies larger than this are refused with 413, unless a route declares more. */
export const REQUEST_BODY_LIMIT_BYTES = 1024 * 1024;
