import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { DemoRequestDialog } from './demo-request-dialog';
import { scrollToPricing } from './scroll-to-pricing';

/** The closing call to action: buy a plan, or ask for a demo first. */
export function CtaSection() {
  const [demoOpen, setDemoOpen] = useState(false);
  return (
    <section
      aria-labelledby="cta-heading"
      className="bg-linear-to-br from-indigo-700 via-indigo-600 to-sky-600 px-4 py-20 text-white sm:px-6 render-when-near"
    >
      <div className="mx-auto max-w-3xl text-center">
        <h2 id="cta-heading" className="text-3xl font-bold tracking-tight sm:text-4xl">
          Ready to get your attendees talking?
        </h2>
        <p className="mt-4 text-lg text-indigo-50">
          Set up your first wheel today, or let us show you around with a personal demo.
        </p>
        <div className="mt-10 flex flex-col justify-center gap-4 sm:flex-row">
          <Button
            size="lg"
            variant="secondary"
            onClick={scrollToPricing}
            className="border-transparent text-indigo-700 focus-visible:outline-white"
          >
            Get Started Today
          </Button>
          <button
            type="button"
            onClick={() => setDemoOpen(true)}
            className="inline-flex items-center justify-center rounded-lg border border-white/70 px-6 py-3 text-base font-semibold text-white transition-colors hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
          >
            Request Demo
          </button>
        </div>
      </div>
      <DemoRequestDialog open={demoOpen} onOpenChange={setDemoOpen} />
    </section>
  );
}
