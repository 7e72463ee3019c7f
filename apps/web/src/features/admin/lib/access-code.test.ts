import { describe, expect, it } from 'vitest';
import { ACCESS_CODE_ALPHABET, ACCESS_CODE_LENGTH, generateAccessCode } from './access-code';

describe('generateAccessCode', () => {
  it('uses a 32-character alphabet without look-alike letters', () => {
    expect(new Set(ACCESS_CODE_ALPHABET).size).toBe(32);
    expect(ACCESS_CODE_ALPHABET).not.toMatch(/[ILOU]/);
  });

  it('makes 8-character codes from that alphabet (40 bits of entropy)', () => {
    expect(ACCESS_CODE_LENGTH * Math.log2(ACCESS_CODE_ALPHABET.length)).toBeGreaterThanOrEqual(20);
    for (let i = 0; i < 200; i += 1) {
      const code = generateAccessCode();
      expect(code).toHaveLength(8);
      expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{8}$/);
    }
  });

  it('draws from crypto.getRandomValues and maps every byte without bias', () => {
    expect(generateAccessCode((bytes) => bytes.fill(0))).toBe('00000000');
    expect(generateAccessCode((bytes) => bytes.fill(31))).toBe('ZZZZZZZZ');
    // 32 + 1 wraps around to the second character.
    expect(generateAccessCode((bytes) => bytes.fill(33))).toBe('11111111');
  });

  it('does not repeat itself', () => {
    const codes = new Set(Array.from({ length: 100 }, () => generateAccessCode()));
    expect(codes.size).toBe(100);
  });
});
