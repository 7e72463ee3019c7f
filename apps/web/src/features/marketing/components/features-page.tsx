import type { ComponentType } from 'react';
import { ButtonLink } from '@/components/ui/button';
import { PageTitle } from '@/components/ui/page-title';
import { AnalyticsIcon, IntegrationIcon, MatchingIcon, SecureIcon, TeamIcon, VideoIcon } from './icons';

interface Feature {
  id: string;
  title: string;
  summary: string;
  points: string[];
  Icon: ComponentType;
}

export const FEATURES: Feature[] = [
  {
    id: 'matching',
    title: 'Customizable matching',
    summary:
      'Every wheel has an inner and an outer ring. Each spin turns the rings and pairs every person with the one facing them, so each round brings a new conversation partner.',
    points: [
      'Choose between 2 and 100 slots per wheel, split evenly between the two rings.',
      'Decide what participants share when they join: age, a short bio, interests, who they are, or your own questions.',
      'Make any registration question required or optional, as a text field, a choice list or a checkbox.',
      'Rounds start automatically with a visible countdown, so the event runs itself.',
    ],
    Icon: MatchingIcon,
  },
  {
    id: 'video',
    title: 'Built-in video calls',
    summary:
      'Matched participants talk face to face without leaving the page. Calls connect directly between the two browsers.',
    points: [
      'Both people accept the match before a call starts; either can decline.',
      'Works in any modern desktop or mobile browser, with nothing to download.',
      'Camera and microphone are only requested when the first call begins.',
      'A call that drops can be retried with one click.',
    ],
    Icon: VideoIcon,
  },
  {
    id: 'analytics',
    title: 'Analytics and insights',
    summary:
      'Your dashboard shows how your wheels are doing while the event runs and after it ends, so you can see what worked.',
    points: [
      'See your wheels, their status and their current round at a glance.',
      'Reports count participants, matches, accepted matches and calls started, day by day and per wheel.',
      'Average call length shows whether conversations really took off.',
    ],
    Icon: AnalyticsIcon,
  },
  {
    id: 'integration',
    title: 'Seamless integration',
    summary:
      'WheelMeet fits into the tools you already use: a wheel is just a link you can drop into an agenda, an email or an event platform.',
    points: [
      'Share any wheel with a direct link, including WhatsApp, Facebook, Twitter and LinkedIn shortcuts.',
      'Participants join from the link in seconds; no account is needed on their side.',
      'API access on the Professional and Enterprise plans lets you automate wheels from your own systems.',
    ],
    Icon: IntegrationIcon,
  },
  {
    id: 'security',
    title: 'Private and secure',
    summary:
      'You decide who can join. Private wheels stay locked until a participant enters the right access code.',
    points: [
      'Protect a wheel with an access code and keep it out of the public list.',
      'Set an expiry date so a wheel closes on its own when the event is over.',
      'Video travels peer to peer between the two participants of a match.',
      'Your admin area is protected by a sign-in, with separate roles for admins and business accounts.',
    ],
    Icon: SecureIcon,
  },
  {
    id: 'management',
    title: 'Effortless event management',
    summary:
      'One admin area for everything: create wheels, adjust their rules and guidelines, and keep an eye on every room.',
    points: [
      'Create, edit and remove wheels in a few clicks, each with its own rules and guidelines for participants.',
      'Run several wheels side by side for different tracks, teams or time zones.',
      'Up to 50 participants per wheel on Starter, 200 on Professional and no limit on Enterprise.',
    ],
    Icon: TeamIcon,
  },
];

/** `/features`: every feature in detail, reached from 'Discover All Features'. */
export function FeaturesPage() {
  return (
    <>
      <PageTitle title="Features" />
      <section className="bg-linear-to-br from-indigo-700 via-indigo-600 to-sky-600 px-4 py-16 text-white sm:px-6 sm:py-20">
        <div className="mx-auto max-w-4xl text-center">
          <h1 className="text-4xl font-bold tracking-tight text-balance sm:text-5xl">
            Features for networking that works
          </h1>
          <p className="mx-auto mt-6 max-w-2xl text-lg text-indigo-50">
            Everything WheelMeet gives organisers and participants, from the first spin to the last
            conversation.
          </p>
        </div>
      </section>

      <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6">
        <nav aria-label="Features on this page">
          <ul className="flex flex-wrap justify-center gap-2">
            {FEATURES.map((feature) => (
              <li key={feature.id}>
                <a
                  href={`#${feature.id}`}
                  className="inline-block rounded-full border border-slate-300 bg-white px-4 py-1.5 text-sm font-medium text-slate-700 hover:border-indigo-300 hover:text-indigo-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
                >
                  {feature.title}
                </a>
              </li>
            ))}
          </ul>
        </nav>

        <div className="mt-12 space-y-8">
          {FEATURES.map(({ id, title, summary, points, Icon }) => (
            <section
              key={id}
              id={id}
              aria-labelledby={`${id}-heading`}
              className="scroll-mt-20 grid gap-6 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8 md:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]"
            >
              <div>
                <span className="flex size-12 items-center justify-center rounded-xl bg-indigo-100 text-indigo-700">
                  <Icon />
                </span>
                <h2 id={`${id}-heading`} className="mt-4 text-2xl font-semibold text-slate-900">
                  {title}
                </h2>
                <p className="mt-3 text-slate-600">{summary}</p>
              </div>
              <ul className="space-y-3 self-center text-slate-700">
                {points.map((point) => (
                  <li key={point} className="flex gap-3">
                    <span aria-hidden="true" className="font-bold text-indigo-600">
                      ✓
                    </span>
                    <span>{point}</span>
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </div>

        <div className="mt-16 rounded-2xl bg-slate-900 px-6 py-12 text-center text-white">
          <h2 className="text-2xl font-bold sm:text-3xl">Ready to see it in action?</h2>
          <p className="mx-auto mt-3 max-w-xl text-slate-300">
            Pick a plan and create your first wheel in minutes.
          </p>
          <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
            <ButtonLink to="/business#pricing-section" size="lg">
              See pricing
            </ButtonLink>
            <ButtonLink
              to="/business"
              size="lg"
              variant="secondary"
              className="border-transparent focus-visible:outline-white"
            >
              Back to For Business
            </ButtonLink>
          </div>
        </div>
      </div>
    </>
  );
}
