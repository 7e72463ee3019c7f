import { accessCodeProblem } from '@wheelmeet/contracts';

/**
 * Crockford's base-32 alphabet: digits and capitals without I, L, O and U, so a code read
 * aloud or copied by hand cannot be mistaken (0/O, 1/I/L).
 */
export const ACCESS_CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
/** 10 characters of 5 bits each: 50 bits, about 10^15 codes to guess from. */
export const ACCESS_CODE_LENGTH = 10;

type RandomBytes = (bytes: Uint8Array<ArrayBuffer>) => Uint8Array<ArrayBuffer>;

/**
 * A random access code for a private wheel, from the browser's cryptographic generator. A
 * draw the contract's strength rule would refuse (say ten of one character, about one in
 * four million draws) is drawn again, so a generated code is always accepted.
 */
export function generateAccessCode(random: RandomBytes = (bytes) => crypto.getRandomValues(bytes)): string {
  for (;;) {
    const bytes = random(new Uint8Array(ACCESS_CODE_LENGTH));
    // 256 is a multiple of 32, so masking the low 5 bits keeps every character equally likely.
    const code = Array.from(bytes, (byte) => ACCESS_CODE_ALPHABET.charAt(byte & 31)).join('');
    if (accessCodeProblem(code) === undefined) return code;
  }
}
