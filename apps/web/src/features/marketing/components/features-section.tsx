import { ButtonLink } from '@/components/ui/button';
import { AnalyticsIcon, IntegrationIcon, MatchingIcon, SecureIcon } from './icons';
import { SectionHeading } from './section-heading';

export const LANDING_FEATURES = [
  {
    title: 'Customizable matching',
    text: 'Size each wheel for your event, choose the questions attendees answer when they join, and let every spin pair the inner ring with the outer ring for a fresh one-on-one conversation.',
    Icon: MatchingIcon,
  },
  {
    title: 'Analytics and insights',
    text: 'Follow rounds, matches and participation from your dashboard, and see which sessions got people talking so the next event is even better.',
    Icon: AnalyticsIcon,
  },
  {
    title: 'Seamless integration',
    text: 'Everything runs in the browser: share a link in your agenda, chat or event app and attendees are on the wheel in seconds, with nothing to install.',
    Icon: IntegrationIcon,
  },
  {
    title: 'Private and secure',
    text: 'Protect a wheel with an access code, keep video calls peer to peer, and only start a call once both people have accepted the match.',
    Icon: SecureIcon,
  },
] as const;

export function FeaturesSection() {
  return (
    <section aria-labelledby="features-heading" className="bg-white px-4 py-20 sm:px-6">
      <div className="mx-auto max-w-6xl">
        <SectionHeading id="features-heading" title="Everything you need for memorable networking">
          WheelMeet turns the awkward "who should I talk to?" moment into a quick, fair and fun rotation of
          conversations.
        </SectionHeading>
        <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {LANDING_FEATURES.map(({ title, text, Icon }) => (
            <li key={title} className="rounded-2xl border border-slate-200 bg-slate-50 p-6">
              <span className="flex size-11 items-center justify-center rounded-xl bg-indigo-100 text-indigo-700">
                <Icon />
              </span>
              <h3 className="mt-4 text-lg font-semibold text-slate-900">{title}</h3>
              <p className="mt-2 text-sm text-slate-600">{text}</p>
            </li>
          ))}
        </ul>
        <div className="mt-12 text-center">
          <ButtonLink to="/features" variant="secondary" size="lg">
            Discover All Features
          </ButtonLink>
        </div>
      </div>
    </section>
  );
}
