import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { LoadingState } from '@/components/ui/loading-state';
import { clearAdminSession, hasAdminToken } from '@/lib/auth-storage';
import { ADMIN_QUERY_KEY, profileQuery } from '../api/session';
import { AdminSessionContext } from '../hooks/use-admin-session';

function VerifiedSession({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const profile = useQuery(profileQuery());

  // A 401, or any other failure to confirm who this is, ends the session (spec section 4).
  useEffect(() => {
    if (!profile.isError) return;
    clearAdminSession();
    queryClient.removeQueries({ queryKey: ADMIN_QUERY_KEY });
    navigate('/admin/login', { replace: true });
  }, [profile.isError, queryClient, navigate]);

  if (!profile.data) {
    return (
      <main id="main-content" className="min-h-dvh bg-slate-100">
        <LoadingState label={profile.isError ? 'Signing out...' : 'Loading...'} />
      </main>
    );
  }
  return <AdminSessionContext value={profile.data}>{children}</AdminSessionContext>;
}

/**
 * Renders its children only for a signed-in user: a token must be stored and the server must
 * confirm it by answering the profile. The verified profile is then available through
 * useAdminSession.
 */
export function RequireAdminAuth({ children }: { children: ReactNode }) {
  if (!hasAdminToken()) return <Navigate to="/admin/login" replace />;
  return <VerifiedSession>{children}</VerifiedSession>;
}
