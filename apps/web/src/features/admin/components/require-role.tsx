import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { type AdminSession, useAdminSession } from '../hooks/use-admin-session';

export type AdminAreaRole = 'admin' | 'super-admin';

export function hasRole(session: AdminSession, role: AdminAreaRole): boolean {
  if (session.userType !== 'Admin') return false;
  return role === 'admin' || session.profile.isSuperAdmin;
}

/**
 * Pages a role may not use send it back to the dashboard. This only tidies the navigation:
 * the server refuses the calls anyway.
 */
export function RequireRole({ allow, children }: { allow: AdminAreaRole; children: ReactNode }) {
  const session = useAdminSession();
  if (!hasRole(session, allow)) return <Navigate to="/admin/dashboard" replace />;
  return children;
}
