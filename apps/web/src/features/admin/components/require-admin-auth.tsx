import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { hasAdminToken } from '@/lib/auth-storage';

/** Renders its children only when an admin token is stored; otherwise sends the visitor to the login page. */
export function RequireAdminAuth({ children }: { children: ReactNode }) {
  if (!hasAdminToken()) return <Navigate to="/admin/login" replace />;
  return children;
}
