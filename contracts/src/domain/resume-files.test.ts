import { describe, expect, it } from 'vitest';
import { base64ByteLength, formatFileSize, resumeFileKindOf } from './resume-files';

const bytes = (text: string) => new TextEncoder().encode(text);

describe('resumeFileKindOf', () => {
  it('knows a PDF by %PDF- at the start and %%EOF at the end, whatever the name says', () => {
    expect(resumeFileKindOf(bytes('%PDF-1.7\n1 0 obj\n<<>>\nendobj\ntrailer\n%%EOF\n'))).toBe('pdf');
    expect(resumeFileKindOf(bytes('%PDF-1.7 and then nothing'))).toBeNull();
    expect(resumeFileKindOf(bytes('MZ\x90\x00 a program'))).toBeNull();
    expect(resumeFileKindOf(new Uint8Array())).toBeNull();
  });

  it('refuses a ZIP-looking start without a central directory', () => {
    expect(resumeFileKindOf(bytes('PK\x03\x04 not really a zip at all, just its first bytes'))).toBeNull();
  });
});

describe('base64ByteLength', () => {
  it('counts the decoded bytes without decoding, and refuses what is not base64', () => {
    expect(base64ByteLength(btoa('resume'))).toBe(6);
    expect(base64ByteLength(btoa('cv'))).toBe(2);
    expect(base64ByteLength('')).toBe(0);
    expect(base64ByteLength('abc')).toBeNull();
    expect(base64ByteLength('ab$=')).toBeNull();
  });
});

describe('formatFileSize', () => {
  it('reads as people read sizes', () => {
    expect([formatFileSize(900), formatFileSize(48_213), formatFileSize(5 * 1024 * 1024)]).toEqual([
      '900 bytes',
      '47 KB',
      '5.0 MB',
    ]);
  });
});
