import { accessCodeProblem } from '@wheelmeet/contracts';
import { describe, expect, it } from 'vitest';
import { ACCESS_CODE_ALPHABET, ACCESS_CODE_LENGTH, generateAccessCode } from './access-code';

describe('generateAccessCode', () => {
  it('uses a 32-character alphabet without look-alike letters', () => {
    expect(new Set(ACCESS_CODE_ALPHABET).size).toBe(32);
    expect(ACCESS_CODE_ALPHABET).not.toMatch(/[ILOU]/);
  });

  it('makes 10-character codes from that alphabet (50 bits of entropy) that the contract accepts', () => {
    expect(ACCESS_CODE_LENGTH * Math.log2(ACCESS_CODE_ALPHABET.length)).toBe(50);
    for (let i = 0; i < 500; i += 1) {
      const code = generateAccessCode();
      expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{10}$/);
      expect(accessCodeProblem(code)).toBeUndefined();
    }
  });

  it('draws from crypto.getRandomValues and maps every byte without bias', () => {
    const counting = (bytes: Uint8Array<ArrayBuffer>) => bytes.map((_, index) => index);
    expect(generateAccessCode(counting)).toBe('0123456789');
    // 32 + 10 wraps around to the eleventh character.
    expect(generateAccessCode((bytes) => bytes.map((_, index) => 32 + 10 + index))).toBe('ABCDEFGHJK');
  });

  it('draws again when a draw is too weak for the rule', () => {
    const draws = [
      (bytes: Uint8Array<ArrayBuffer>) => bytes.fill(31),
      (bytes: Uint8Array<ArrayBuffer>) => bytes.map((_, i) => 22 + i),
    ];
    let calls = 0;
    const code = generateAccessCode((bytes) => {
      const draw = draws[Math.min(calls, draws.length - 1)];
      calls += 1;
      return draw ? draw(bytes) : bytes;
    });
    expect(calls).toBe(2);
    expect(code).toBe('PQRSTVWXYZ');
  });

  it('does not repeat itself', () => {
    const codes = new Set(Array.from({ length: 100 }, () => generateAccessCode()));
    expect(codes.size).toBe(100);
  });
});
