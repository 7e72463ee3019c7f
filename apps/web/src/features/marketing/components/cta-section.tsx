import { Suspense, useState } from 'react';
import { Button } from '@/components/ui/button';
import { DialogLoading } from '@/components/ui/dialog';
import { onDemand } from '@/lib/on-demand';
import { scrollToPricing } from './scroll-to-pricing';

// The demo request form and its form library (zod's full API among it) are a good part of the
// marketing pages' code and only needed by someone who asks for a demo: fetched when a pointer
// or the keyboard reaches the button, not with /business (decision 021).
const demoRequest = onDemand(() => import('./demo-request-dialog'));
const DemoRequestDialog = demoRequest.component((module) => module.DemoRequestDialog);
/** Fetches the demo request form now; the unit tests do, as a browser has by the click. */
export const preloadDemoRequestDialog = demoRequest.preload;
const fetchDemoRequestForm = () => void demoRequest.preload();

/** The closing call to action: buy a plan, or ask for a demo first. */
export function CtaSection() {
  const [demoOpen, setDemoOpen] = useState(false);
  // Once opened, the dialog stays mounted, so closing it returns focus to the button.
  const [demoMounted, setDemoMounted] = useState(false);
  if (demoOpen && !demoMounted) setDemoMounted(true);
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
            onPointerEnter={fetchDemoRequestForm}
            onPointerDown={fetchDemoRequestForm}
            onFocus={fetchDemoRequestForm}
            onClick={() => setDemoOpen(true)}
            className="inline-flex items-center justify-center rounded-lg border border-white/70 px-6 py-3 text-base font-semibold text-white transition-colors hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
          >
            Request Demo
          </button>
        </div>
      </div>
      {demoMounted ? (
        <Suspense fallback={<DialogLoading />}>
          <DemoRequestDialog open={demoOpen} onOpenChange={setDemoOpen} />
        </Suspense>
      ) : null}
    </section>
  );
}
