import type { z } from 'zod';

/** JSON is stored as text on both dialects; these are the only places it is encoded and decoded. */
export const toJsonColumn = (value: unknown): string => JSON.stringify(value);

/** Parses a JSON column with a schema; a value that no longer fits gives `fallback` instead of a crash. */
export function fromJsonColumn<T>(text: string | null, schema: z.ZodType<T>, fallback: T): T {
  if (text === null) return fallback;
  try {
    const parsed = schema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : fallback;
  } catch {
    return fallback;
  }
}
