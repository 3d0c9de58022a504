import { SITE_IMAGE_TYPES, type SiteImageExtension } from '@healthtal/contracts';
import { isCleanSvg } from './svg-sanitizer';

const startsWith = (bytes: Uint8Array, signature: readonly number[], offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((byte, i) => bytes[offset + i] === byte);
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff];
const GIF87 = ascii('GIF87a');
const GIF89 = ascii('GIF89a');
const RIFF = ascii('RIFF');
const WEBP = ascii('WEBP');
const ICO = [0x00, 0x00, 0x01, 0x00];

/** An SVG document: optional BOM, XML declaration, comments and doctype, then the <svg> element. */
const SVG_START =
  /^\uFEFF?\s*(<\?xml[^>]*\?>\s*)?(<!--[\s\S]*?-->\s*)*(<!DOCTYPE\s+svg[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*<svg[\s>]/i;

/**
 * What an upload really is, from its first bytes; null when it is not an image we serve. The
 * client's file name and Content-Type are never asked: an executable renamed .png is still refused.
 */
export function sniffImageType(bytes: Uint8Array): SiteImageExtension | null {
  if (startsWith(bytes, PNG)) return 'png';
  if (startsWith(bytes, JPEG)) return 'jpg';
  if (startsWith(bytes, GIF87) || startsWith(bytes, GIF89)) return 'gif';
  if (startsWith(bytes, RIFF) && startsWith(bytes, WEBP, 8)) return 'webp';
  // ICONDIR: reserved 0, type 1 (icon), then at least one image.
  if (startsWith(bytes, ICO) && bytes.length >= 6 && (bytes[4]! | (bytes[5]! << 8)) > 0) return 'ico';
  if (isSafeSvg(bytes)) return 'svg';
  return null;
}

/** Scripts, event handlers and embedded HTML have no place in a logo (svg-sanitizer.ts decides). */
function isSafeSvg(bytes: Uint8Array): boolean {
  const head = new TextDecoder('utf-8', { fatal: false }).decode(bytes.subarray(0, 4096));
  if (!SVG_START.test(head)) return false;
  const text = new TextDecoder('utf-8', { fatal: false }).decode(bytes);
  return isCleanSvg(text.replace(/^\uFEFF/, ''));
}

export const mediaTypeOf = (extension: SiteImageExtension) => SITE_IMAGE_TYPES[extension];
