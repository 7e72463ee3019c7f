/** A header's single value (Node gives arrays for repeated headers). */
export const headerValue = (value: string | string[] | undefined): string | undefined =>
  Array.isArray(value) ? value[0] : value;
