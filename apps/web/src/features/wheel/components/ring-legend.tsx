import { RING_LABEL_DEFAULTS, type Ring, ringLabel } from '@wheelmeet/contracts';
import { cn } from '@/lib/cn';
import { type RingNaming, yourRingText } from '../hooks/ring-texts';

export const RING_LEGEND_LABEL = 'Rings';

const RINGS: Ring[] = ['inner', 'outer'];

/** The colour of each ring's disc in WheelBackground, so the legend points at it. */
const SWATCH: Record<Ring, string> = {
  inner: 'bg-white ring-1 ring-indigo-300',
  outer: 'bg-linear-to-br from-indigo-200 to-sky-200',
};

/** 'Inner ring: Mentors', or 'Inner ring' for a ring the wheel did not name. */
function legendText(wheel: RingNaming, ring: Ring): string {
  const label = ringLabel(wheel, ring);
  return label === RING_LABEL_DEFAULTS[ring] ? label : `${RING_LABEL_DEFAULTS[ring]}: ${label}`;
}

/**
 * What the wheel's rings are called (issue 38) and, for a registered person its ring rule keeps
 * to one of them, which is theirs. Only shown for a wheel that names its rings or has a rule.
 */
export function RingLegend({ wheel, myRing }: { wheel: RingNaming; myRing: Ring | null }) {
  return (
    <div className="w-full text-sm text-slate-700">
      <ul
        aria-label={RING_LEGEND_LABEL}
        className="flex flex-wrap justify-center gap-x-4 gap-y-1 lg:justify-start"
      >
        {RINGS.map((ring) => (
          <li key={ring} className={cn('flex items-center gap-2', myRing === ring && 'font-semibold')}>
            <span aria-hidden="true" className={cn('size-3 rounded-full', SWATCH[ring])} />
            {legendText(wheel, ring)}
          </li>
        ))}
      </ul>
      {myRing ? <p className="mt-1">{yourRingText(wheel, myRing)}</p> : null}
    </div>
  );
}
