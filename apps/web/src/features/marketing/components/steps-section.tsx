import { SectionHeading } from './section-heading';

export const ORGANISER_STEPS = [
  {
    title: 'Easy setup',
    text: 'Choose a plan, sign in to your admin area and create a wheel: give it a name, pick the number of slots and decide what attendees tell each other.',
  },
  {
    title: 'Invite participants',
    text: 'Share the wheel link, or its access code for a private wheel. Attendees register in a few seconds and take a free slot.',
  },
  {
    title: 'Start networking',
    text: 'The wheel spins every round and pairs each person with someone new. Once both accept, a video call opens right in the browser.',
  },
  {
    title: 'Track results',
    text: 'Watch rounds and matches add up in your dashboard, and use what you learn to plan your next session.',
  },
] as const;

export function StepsSection() {
  return (
    <section aria-labelledby="steps-heading" className="bg-white px-4 py-20 sm:px-6">
      <div className="mx-auto max-w-6xl">
        <SectionHeading id="steps-heading" title="How it works">
          Four steps from sign-up to a room full of new connections.
        </SectionHeading>
        <ol className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {ORGANISER_STEPS.map((step, index) => (
            <li key={step.title} className="relative rounded-2xl border border-slate-200 p-6">
              <span
                aria-hidden="true"
                className="flex size-10 items-center justify-center rounded-full bg-indigo-600 text-lg font-bold text-white"
              >
                {index + 1}
              </span>
              <h3 className="mt-4 text-lg font-semibold text-slate-900">
                <span className="sr-only">Step {index + 1}: </span>
                {step.title}
              </h3>
              <p className="mt-2 text-sm text-slate-600">{step.text}</p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}
