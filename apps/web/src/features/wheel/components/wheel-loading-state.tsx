import { LoadingState } from '@/components/ui/loading-state';
import { WHEEL_BOX_CLASS, WheelBackground } from './wheel-rings';

/**
 * What stands in for a wheel while it loads: the loading status where the wheel's name and
 * status go, and the empty wheel at the size of the real one. Laid out as WheelExperience is,
 * so that what is below (the other public wheels on `/`) stays where it is when the wheel
 * arrives rather than jumping down (Lighthouse's layout shift, issue 14).
 */
export function WheelLoadingState() {
  return (
    <div className="mx-auto max-w-6xl px-4 py-6 sm:px-6">
      <div className="lg:grid lg:grid-cols-[minmax(18rem,24rem)_1fr] lg:items-center lg:gap-10">
        {/* About the height of a wheel's name, a line of description, its status and the 'Any seat' button. */}
        <div className="flex min-h-51 flex-col justify-center">
          <LoadingState />
        </div>
        <div className={`${WHEEL_BOX_CLASS} relative opacity-60`}>
          <WheelBackground />
        </div>
      </div>
    </div>
  );
}
