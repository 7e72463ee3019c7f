import { Link, Navigate } from 'react-router';
import { Card } from '@/components/ui/card';
import { PageTitle } from '@/components/ui/page-title';
import { hasAdminToken } from '@/lib/auth-storage';

/** `/admin/login`: a signed-in user goes straight on to the dashboard. */
export function AdminLoginPage() {
  if (hasAdminToken()) return <Navigate to="/admin/dashboard" replace />;
  return (
    <main id="main-content" className="flex min-h-dvh items-center justify-center bg-slate-100 px-4 py-12">
      <PageTitle title="Admin Login" />
      <Card className="w-full max-w-md text-center">
        <Link
          to="/"
          className="rounded text-xl font-bold text-indigo-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
        >
          WheelMeet
        </Link>
        <h1 className="mt-6 text-2xl font-bold tracking-tight text-slate-900">Admin Login</h1>
        <p className="mt-3 text-slate-600">
          Sign-in with your username and password comes in a later release.
        </p>
      </Card>
    </main>
  );
}
