import { ButtonLink } from '@/components/ui/button';
import { PageTitle } from '@/components/ui/page-title';

/** `/registration-success`: reached after a successful paid registration. */
export function RegistrationSuccessPage() {
  return (
    <div className="mx-auto max-w-2xl px-4 py-16 text-center sm:px-6">
      <PageTitle title="Registration Successful" />
      <span
        aria-hidden="true"
        className="mx-auto flex size-14 items-center justify-center rounded-full bg-emerald-100 text-2xl text-emerald-700"
      >
        ✓
      </span>
      <h1 className="mt-6 text-3xl font-bold tracking-tight text-slate-900">Registration Successful!</h1>
      <p className="mt-4 text-lg text-slate-600">
        Your business account is ready. Sign in to the admin area to create your first wheel and invite your
        participants.
      </p>
      <ButtonLink to="/admin/login" size="lg" className="mt-8">
        Go to Admin Login
      </ButtonLink>
    </div>
  );
}
