import { PageTitle } from '@/components/ui/page-title';
import { PublicWheelList } from './public-wheel-list';

/** `/` and `/wheel`: the participant's entry point. The live wheel itself arrives with the real-time hub. */
export function WheelHomePage() {
  return (
    <div className="mx-auto max-w-5xl px-4 py-12 sm:px-6">
      <PageTitle />
      <header className="text-center">
        <h1 className="text-4xl font-bold tracking-tight text-slate-900 sm:text-5xl">
          Connect Anywhere, Instantly.
        </h1>
        <p className="mx-auto mt-4 max-w-2xl text-lg text-slate-600">
          Pick a wheel, take a free slot and meet new people one-on-one, a round at a time.
        </p>
      </header>
      <section aria-labelledby="public-wheels-heading" className="mt-12">
        <h2 id="public-wheels-heading" className="text-2xl font-semibold text-slate-900">
          Public wheels
        </h2>
        <div className="mt-6">
          <PublicWheelList />
        </div>
      </section>
    </div>
  );
}
