import type { ReactNode, Ref } from 'react';

interface StepSectionProps {
  /** The heading's id, which names the section. */
  id: string;
  title: ReactNode;
  intro: ReactNode;
  /** The heading takes the focus when the flow moves on to this step. */
  headingRef: Ref<HTMLHeadingElement> | undefined;
  children: ReactNode;
}

/** The Account and Payment steps of the purchase flow: a focusable heading, a line of introduction, the step. */
export function StepSection({ id, title, intro, headingRef, children }: StepSectionProps) {
  return (
    <section aria-labelledby={id}>
      <h2
        id={id}
        ref={headingRef}
        tabIndex={-1}
        className="text-xl font-semibold text-slate-900 focus:outline-none"
      >
        {title}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{intro}</p>
      {children}
    </section>
  );
}
