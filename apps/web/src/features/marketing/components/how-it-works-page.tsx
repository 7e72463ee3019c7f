import { ButtonLink } from '@/components/ui/button';
import { PageTitle } from '@/components/ui/page-title';

const STEPS = [
  {
    title: 'Join a wheel',
    text: 'Open a public wheel, or a private one with its access code, register with a few details about yourself and take a free slot on the inner or outer ring.',
  },
  {
    title: 'Get matched',
    text: 'The wheel spins every round and pairs you with the person facing you on the other ring. You both see the match and each of you accepts it.',
  },
  {
    title: 'Start a video chat',
    text: 'Once both of you have accepted, a peer-to-peer video call opens right in your browser. No app to install: just allow your camera and microphone.',
  },
] as const;

/** `/how-it-works-user`: the three steps for participants. */
export function HowItWorksPage() {
  return (
    <div className="mx-auto max-w-5xl px-4 py-16 sm:px-6">
      <PageTitle title="How It Works" />
      <header className="text-center">
        <h1 className="text-4xl font-bold tracking-tight text-slate-900">How It Works</h1>
        <p className="mx-auto mt-4 max-w-2xl text-lg text-slate-600">
          Meeting new people on WheelMeet takes three steps.
        </p>
      </header>
      <ol className="mt-12 grid gap-6 md:grid-cols-3">
        {STEPS.map((step, index) => (
          <li key={step.title} className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
            <span
              aria-hidden="true"
              className="flex size-10 items-center justify-center rounded-full bg-indigo-600 text-lg font-bold text-white"
            >
              {index + 1}
            </span>
            <h2 className="mt-4 text-xl font-semibold text-slate-900">
              <span className="sr-only">Step {index + 1}: </span>
              {step.title}
            </h2>
            <p className="mt-2 text-slate-600">{step.text}</p>
          </li>
        ))}
      </ol>
      <div className="mt-12 text-center">
        <ButtonLink to="/" size="lg">
          Find a wheel to join
        </ButtonLink>
      </div>
    </div>
  );
}
