import { BriefcaseIcon, CapIcon, GlobeIcon, TeamIcon } from './icons';
import { SectionHeading } from './section-heading';

const USE_CASES = [
  {
    title: 'Virtual events and conferences',
    text: 'Give remote attendees the hallway conversations they miss: run a wheel between sessions and everyone meets a handful of new people before the next keynote.',
    Icon: GlobeIcon,
  },
  {
    title: 'Educational institutions',
    text: 'Welcome new students, connect alumni with graduates, or pair mentors and mentees across campuses with short, structured video chats.',
    Icon: CapIcon,
  },
  {
    title: 'Professional networking',
    text: 'Host speed-networking evenings for associations, chambers and meetups where every member gets a fair share of one-on-one time.',
    Icon: BriefcaseIcon,
  },
  {
    title: 'Corporate team building',
    text: 'Break silos in hybrid and distributed teams: a private wheel pairs colleagues who rarely cross paths for a relaxed coffee-style chat.',
    Icon: TeamIcon,
  },
] as const;

export function UseCasesSection() {
  return (
    <section aria-labelledby="use-cases-heading" className="bg-slate-50 px-4 py-20 sm:px-6">
      <div className="mx-auto max-w-6xl">
        <SectionHeading id="use-cases-heading" title="Built for every kind of gathering">
          From a hundred-person meetup to a company-wide onboarding week, the wheel adapts to your audience.
        </SectionHeading>
        <ul className="mt-12 grid gap-6 md:grid-cols-2">
          {USE_CASES.map(({ title, text, Icon }) => (
            <li key={title} className="flex gap-4 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
              <span className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-sky-100 text-sky-700">
                <Icon />
              </span>
              <div>
                <h3 className="text-lg font-semibold text-slate-900">{title}</h3>
                <p className="mt-2 text-sm text-slate-600">{text}</p>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
