import type { FieldValues } from 'react-hook-form';
import { contractResolver } from './contract-resolver';

/**
 * An account's update body from its create body: a blank password is left out, so the current
 * one stays, and the Active checkbox (only shown on edit) is added.
 */
export function toAccountUpdateBody<Body extends { password: string }>(
  { password, ...rest }: Body,
  isActive: boolean,
): Omit<Body, 'password'> & { password?: string; isActive: boolean } {
  return { ...rest, ...(password ? { password } : {}), isActive };
}

type Schema = Parameters<typeof contractResolver>[0];

/**
 * What an account's create and edit form needs from its contract: the two request bodies (the
 * update one from the create one, as above) and a resolver for each that parses with the
 * contract's schema.
 */
export function accountFormContract<
  Values extends FieldValues & { isActive: boolean },
  Create extends { password: string },
>(toCreateBody: (values: Values) => Create, schemas: { create: Schema; update: Schema }) {
  const toUpdateBody = (values: Values) => toAccountUpdateBody(toCreateBody(values), values.isActive);
  const createResolver = contractResolver<Values>(schemas.create, toCreateBody);
  const updateResolver = contractResolver<Values>(schemas.update, toUpdateBody);
  return {
    toCreateBody,
    toUpdateBody,
    resolver: (isEdit: boolean) => (isEdit ? updateResolver : createResolver),
  };
}
