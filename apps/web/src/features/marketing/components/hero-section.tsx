import { Button } from '@/components/ui/button';
import { scrollToPricing } from './scroll-to-pricing';

export function HeroSection() {
  return (
    <section className="bg-linear-to-br from-indigo-700 via-indigo-600 to-sky-600 text-white">
      <div className="mx-auto max-w-5xl px-4 py-20 text-center sm:px-6 sm:py-28">
        <h1 className="text-4xl font-bold tracking-tight text-balance sm:text-6xl">
          Transform Your Events with Interactive Networking
        </h1>
        <p className="mx-auto mt-6 max-w-2xl text-lg text-indigo-50">
          Put your attendees on a shared wheel. Every round pairs each person with someone new for a
          one-on-one video conversation, right in the browser.
        </p>
        <div className="mt-10 flex justify-center">
          <Button
            size="lg"
            variant="secondary"
            onClick={scrollToPricing}
            className="border-transparent text-indigo-700 focus-visible:outline-white"
          >
            Get Started
          </Button>
        </div>
      </div>
    </section>
  );
}
