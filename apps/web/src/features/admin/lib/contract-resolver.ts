import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';

type Schema = Parameters<typeof zodResolver>[0];

/**
 * A form resolver that validates what will be sent: `toBody` turns the form's values into the
 * request body and the contract's own schema (the one the server parses with) checks it.
 * Submit handlers receive the form values; they build the body with the same `toBody`.
 */
export function contractResolver<TValues extends FieldValues>(
  schema: Schema,
  toBody: (values: TValues) => unknown = (values) => values,
): Resolver<TValues> {
  const resolve = zodResolver(schema, undefined, { raw: true }) as unknown as Resolver<FieldValues>;
  return async (values, context, options) => {
    const result = await resolve(
      toBody(values) as FieldValues,
      context,
      options as unknown as Parameters<Resolver<FieldValues>>[2],
    );
    if (Object.keys(result.errors).length > 0) {
      return { values: {}, errors: result.errors as FieldErrors<TValues> };
    }
    return { values, errors: {} };
  };
}

/**
 * A message found anywhere under an error node: the contract checks some values as lists
 * (a field's options, a ring rule's answers) that the form holds as text.
 */
export function firstMessage(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  if ('message' in error && typeof error.message === 'string') return error.message;
  for (const nested of Object.values(error)) {
    const message = firstMessage(nested);
    if (message) return message;
  }
  return undefined;
}
