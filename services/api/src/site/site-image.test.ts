import { describe, expect, it } from 'vitest';
import { sniffImageType } from './site-image';

const bytes = (...parts: (number[] | string)[]) =>
  Uint8Array.from(parts.flatMap((part) => (typeof part === 'string' ? [...Buffer.from(part)] : part)));

describe('sniffImageType', () => {
  it.each([
    ['png', bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], 'rest')],
    ['jpg', bytes([0xff, 0xd8, 0xff, 0xe0], 'JFIF')],
    ['gif', bytes('GIF89a', [1, 0, 1, 0])],
    ['gif', bytes('GIF87a', [1, 0, 1, 0])],
    ['webp', bytes('RIFF', [0x24, 0, 0, 0], 'WEBPVP8 ')],
    ['ico', bytes([0, 0, 1, 0, 1, 0, 16, 16])],
    ['svg', bytes('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"/>')],
    [
      'svg',
      bytes(
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 2 2"><defs><linearGradient id="g"><stop offset="0" stop-color="#fff"/></linearGradient></defs><rect width="2" height="2" fill="url(#g)"/><path d="M0 0L2 2"/></svg>',
      ),
    ],
    [
      'svg',
      bytes(
        '<?xml version="1.0"?>\n<!-- logo -->\n<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "x">\n<svg></svg>',
      ),
    ],
  ])('recognises %s by its first bytes', (type, content) => {
    expect(sniffImageType(content)).toBe(type);
  });

  it.each([
    ['an ELF executable', bytes([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0])],
    ['a Windows executable', bytes('MZ', [0x90, 0, 3, 0])],
    ['a shell script', bytes('#!/bin/sh\nrm -rf /\n')],
    ['an HTML page', bytes('<!doctype html><html><svg></svg></html>')],
    [
      'an SVG with a script',
      bytes('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
    ],
    ['an SVG with an event handler', bytes('<svg onload="alert(1)"></svg>')],
    [
      'an SVG with a namespaced script',
      bytes(
        '<svg xmlns="http://www.w3.org/2000/svg" xmlns:s="http://www.w3.org/2000/svg"><s:script>alert(1)</s:script></svg>',
      ),
    ],
    [
      'an SVG with an entity-encoded javascript: link',
      bytes(
        '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"><a xlink:href="javascript&#58;alert(1)"><rect width="1" height="1"/></a></svg>',
      ),
    ],
    [
      'an SVG that defines entities',
      bytes('<!DOCTYPE svg [<!ENTITY x "y">]><svg xmlns="http://www.w3.org/2000/svg"/>'),
    ],
    ['an SVG that is not well-formed', bytes('<svg xmlns="http://www.w3.org/2000/svg"><rect></svg>')],
    ['a RIFF that is not WebP', bytes('RIFF', [0, 0, 0, 0], 'WAVEfmt ')],
    ['an ICO header with no images', bytes([0, 0, 1, 0, 0, 0])],
    ['nothing', bytes()],
  ])('refuses %s', (_what, content) => {
    expect(sniffImageType(content)).toBeNull();
  });
});
