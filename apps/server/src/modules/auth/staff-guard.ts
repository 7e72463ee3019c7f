import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/errors';
import type { AuthService, Staff } from './auth.service';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by a staff guard: who is signed in to the admin area. */
    staff: Staff | null;
  }
}

/** Who may call a route: any signed-in person, admins, super admins, or business users. */
export type StaffRole = 'any' | 'admin' | 'super-admin' | 'business-user';

export const NOT_ALLOWED = 'You do not have access to this.';

const bearerToken = (header: string | undefined) => header?.match(/^Bearer (\S+)$/i)?.[1];

function allowed(staff: Staff, role: StaffRole): boolean {
  switch (role) {
    case 'any':
      return true;
    case 'admin':
      return staff.kind === 'Admin';
    case 'super-admin':
      return staff.kind === 'Admin' && staff.isSuperAdmin;
    case 'business-user':
      return staff.kind === 'BusinessUser';
  }
}

/** A preHandler that lets a request through only for the given roles; the server, not the browser, decides. */
export function staffGuard(auth: AuthService, role: StaffRole) {
  return async (request: FastifyRequest, _reply: FastifyReply) => {
    const staff = await auth.authenticate(bearerToken(request.headers.authorization));
    if (!allowed(staff, role)) throw new AppError('forbidden', NOT_ALLOWED);
    request.staff = staff;
  };
}

/** The signed-in person of a guarded route. */
export function staffOf(request: FastifyRequest): Staff {
  if (!request.staff) throw new AppError('unauthorized', 'Please sign in.');
  return request.staff;
}
