import type { ReactNode } from 'react';
import { Card } from '@/components/ui/card';

/** A titled part of a report page, named by its heading for screen readers. */
export function ReportSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className="mb-3 text-lg font-semibold text-slate-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

export interface ReportFigure {
  label: string;
  value: ReactNode;
  /** Small text after the value, e.g. 'of 20 ratings'. */
  detail?: string;
}

/** A report's headline figures as cards: the label, then the value large. */
export function ReportFigures({ figures }: { figures: readonly ReportFigure[] }) {
  return (
    <dl className="grid grid-cols-2 gap-4 lg:grid-cols-4">
      {figures.map((figure) => (
        <Card key={figure.label} className="p-4">
          <dt className="text-sm text-slate-500">{figure.label}</dt>
          <dd className="mt-1 text-2xl font-bold tracking-tight text-slate-900">
            {figure.value}
            {figure.detail ? (
              <span className="ml-2 text-sm font-normal text-slate-500">{figure.detail}</span>
            ) : null}
          </dd>
        </Card>
      ))}
    </dl>
  );
}
