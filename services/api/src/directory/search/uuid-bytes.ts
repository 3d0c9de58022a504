/** Uuids held as 16 bytes each in one array (the index's, a part's answer). */

/** A hex digit's value by its character code (0–9, a–f, A–F). */
const HEX = new Uint8Array(128);
for (let digit = 0; digit < 16; digit++) {
  HEX['0123456789abcdef'.charCodeAt(digit)] = digit;
  HEX['0123456789ABCDEF'.charCodeAt(digit)] = digit;
}

export function writeUuid(bytes: Uint8Array, doc: number, id: string): void {
  let at = doc * 16;
  for (let i = 0; i < id.length; i += 2) {
    if (id.charCodeAt(i) === 45 /* '-' */) i++;
    bytes[at++] = (HEX[id.charCodeAt(i)]! << 4) | HEX[id.charCodeAt(i + 1)]!;
  }
}

/** The uuid held as 16 bytes from byte `doc * 16` of `bytes`, as text. */
export function readUuid(bytes: Uint8Array, doc: number): string {
  let hex = '';
  for (let i = 0; i < 16; i++) hex += bytes[doc * 16 + i]!.toString(16).padStart(2, '0');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
