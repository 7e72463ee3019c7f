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
