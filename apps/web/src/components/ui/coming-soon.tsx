import type { ReactNode } from 'react';
import { PageTitle } from './page-title';

/** A page that exists in the route table but whose content arrives in a later release. */
export function ComingSoon({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="mx-auto max-w-2xl px-4 py-16 text-center sm:px-6">
      <PageTitle title={title} />
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">{title}</h1>
      <div className="mt-4 text-lg text-slate-600">{children}</div>
    </section>
  );
}
