import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type LoginRequest, loginRequestSchema } from '@wheelmeet/contracts';
import { useForm } from 'react-hook-form';
import { Link, Navigate, useNavigate } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { SubmitButton } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { InputField } from '@/components/ui/form-field';
import { PageTitle } from '@/components/ui/page-title';
import { hasAdminToken } from '@/lib/auth-storage';
import { applyServerFieldErrors } from '@/lib/server-field-errors';
import { login, loginErrorMessage, profileQuery } from '../api/session';

const FIELDS = ['username', 'password'] as const;

/** `/admin/login`: admins sign in with their username, business users with their email. */
export function AdminLoginPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<LoginRequest>({
    defaultValues: { username: '', password: '' },
    resolver: zodResolver(loginRequestSchema),
  });
  const signIn = useMutation({
    mutationFn: login,
    onSuccess: (answer) => {
      // The login answer is the profile; the guard need not ask for it again straight away.
      queryClient.setQueryData(profileQuery().queryKey, {
        profile: answer.profile,
        userType: answer.userType,
      });
      navigate('/admin/dashboard', { replace: true });
    },
    onError: (error) => applyServerFieldErrors(error, setError, FIELDS),
  });

  // A stored token means signed in (spec section 4): business users land on the dashboard too.
  if (hasAdminToken() && !signIn.isSuccess) return <Navigate to="/admin/dashboard" replace />;

  return (
    <main id="main-content" className="flex min-h-dvh items-center justify-center bg-slate-100 px-4 py-12">
      <PageTitle title="Admin Login" />
      <Card className="w-full max-w-md">
        <div className="text-center">
          <Link
            to="/"
            className="rounded text-xl font-bold text-indigo-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
          >
            WheelMeet
          </Link>
          <h1 className="mt-6 text-2xl font-bold tracking-tight text-slate-900">Admin Login</h1>
          <p className="mt-2 text-sm text-slate-600">Business users sign in with their email address.</p>
        </div>
        <form
          noValidate
          className="mt-8 space-y-5"
          onSubmit={handleSubmit((credentials) => signIn.mutate(credentials))}
        >
          {signIn.isError ? <Alert>{loginErrorMessage(signIn.error)}</Alert> : null}
          <InputField
            label="Username"
            required
            error={errors.username?.message}
            type="text"
            autoComplete="username"
            {...register('username')}
          />
          <InputField
            label="Password"
            required
            error={errors.password?.message}
            type="password"
            autoComplete="current-password"
            {...register('password')}
          />
          <SubmitButton className="w-full" pending={signIn.isPending}>
            Sign in
          </SubmitButton>
        </form>
      </Card>
    </main>
  );
}
