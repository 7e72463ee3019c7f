import { PageTitle } from '@/components/ui/page-title';

/** A page of the admin area that exists in the route table and is filled in later. */
export function AdminPlaceholderPage({
  title,
  message = 'This page is coming soon.',
}: {
  title: string;
  message?: string;
}) {
  return (
    <section>
      <PageTitle title={`${title} · Admin`} />
      <h1 className="text-2xl font-bold tracking-tight text-slate-900">{title}</h1>
      <p className="mt-3 text-slate-600">{message}</p>
    </section>
  );
}
