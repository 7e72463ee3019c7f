/** A header's single value (Node gives arrays for repeated headers). */
export const headerValue = (value: string | string[] | undefined): string | undefined =>
  Array.isArray(value) ? value[0] : value;

/** The token of an `Authorization: Bearer …` header. */
export const bearerToken = (header: string | undefined): string | undefined =>
  header?.match(/^Bearer (\S+)$/i)?.[1];
