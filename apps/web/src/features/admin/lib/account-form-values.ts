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
