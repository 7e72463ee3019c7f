/**
 * Crockford's base-32 alphabet: digits and capitals without I, L, O and U, so a code read
 * aloud or copied by hand cannot be mistaken (0/O, 1/I/L).
 */
export const ACCESS_CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
/** 8 characters of 5 bits each: 40 bits, far above the 20 bits a guessable code would need. */
export const ACCESS_CODE_LENGTH = 8;

/** A random access code for a private wheel, from the browser's cryptographic generator. */
export function generateAccessCode(
  random: (bytes: Uint8Array<ArrayBuffer>) => Uint8Array<ArrayBuffer> = (bytes) =>
    crypto.getRandomValues(bytes),
): string {
  const bytes = random(new Uint8Array(ACCESS_CODE_LENGTH));
  // 256 is a multiple of 32, so masking the low 5 bits keeps every character equally likely.
  return Array.from(bytes, (byte) => ACCESS_CODE_ALPHABET.charAt(byte & 31)).join('');
}
