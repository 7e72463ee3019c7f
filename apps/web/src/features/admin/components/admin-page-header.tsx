import type { ReactNode } from 'react';
import { PageTitle } from '@/components/ui/page-title';

/** The h1 of an admin page, the document title, and the page's main actions. */
export function AdminPageHeader({
  title,
  description,
  actions,
}: {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <div className="mb-6 flex flex-wrap items-end justify-between gap-4">
      <PageTitle title={`${title} · Admin`} />
      <div className="min-w-0">
        <h1 className="text-2xl font-bold tracking-tight break-words text-slate-900">{title}</h1>
        {description ? <p className="mt-1 text-sm text-slate-600">{description}</p> : null}
      </div>
      {actions ? <div className="flex flex-wrap gap-3">{actions}</div> : null}
    </div>
  );
}
