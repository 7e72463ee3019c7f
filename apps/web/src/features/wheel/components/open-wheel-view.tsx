import type { OpenWheel } from '@wheelmeet/contracts';
import { PageTitle } from '@/components/ui/page-title';
import { WheelRings } from './wheel-rings';

export function OpenWheelView({ wheel }: { wheel: OpenWheel }) {
  return (
    <div className="mx-auto max-w-5xl px-4 py-12 sm:px-6">
      <PageTitle title={wheel.name} />
      <header className="text-center">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{wheel.name}</h1>
        {wheel.description ? (
          <p className="mx-auto mt-3 max-w-2xl text-slate-600">{wheel.description}</p>
        ) : null}
        <p className="mt-4 inline-flex rounded-full bg-indigo-50 px-3 py-1 text-sm font-semibold text-indigo-800">
          Round {wheel.currentRound}
        </p>
      </header>

      <div className="mt-10">
        <WheelRings slotCount={wheel.slotCount} slots={wheel.slots} />
      </div>

      <p className="mx-auto mt-8 max-w-xl rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-center text-sm text-amber-900">
        Joining live comes with the real-time wheel. For now you can see who holds which slot.
      </p>
    </div>
  );
}
