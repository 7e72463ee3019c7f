import { Accordion } from 'radix-ui';
import { ChevronDownIcon } from './icons';
import { SectionHeading } from './section-heading';

export const FAQ_ITEMS = [
  {
    id: 'participants',
    question: 'How many participants can join a wheel?',
    answer:
      'It depends on your plan: Starter welcomes up to 50 participants per wheel, Professional up to 200, and Enterprise has no limit. You choose the number of slots on each wheel, and the slots are split evenly between the inner and outer ring.',
  },
  {
    id: 'support',
    question: 'What kind of support is included?',
    answer:
      'Starter includes email support. Professional adds priority support, so your questions jump the queue. Enterprise comes with dedicated 24/7 support for events that run around the clock.',
  },
  {
    id: 'api',
    question: 'Can I connect WheelMeet to my own tools?',
    answer:
      'Yes. The Professional and Enterprise plans include API access, so you can create wheels and follow results from your own event platform. Every plan lets you share wheel links anywhere you can paste a URL.',
  },
  {
    id: 'install',
    question: 'Do participants need to install anything?',
    answer:
      'No. WheelMeet runs in any modern browser on desktop or mobile. Participants open the wheel link, register with a few details and allow their camera and microphone when their first call starts.',
  },
  {
    id: 'private',
    question: 'Can I keep a wheel private?',
    answer:
      'Yes. Mark a wheel as private and give it an access code: only people with the code can take a slot. You can share the link by email, chat or social media straight from your admin area.',
  },
  {
    id: 'payment',
    question: 'How do payment and activation work?',
    answer:
      'Choose a plan, create your business account and pay by card. Your account is activated as soon as the payment is confirmed, and you can sign in to the admin area to create your first wheel.',
  },
] as const;

/** Six questions; only one answer is open at a time, the first one to begin with. */
export function FaqSection() {
  return (
    <section aria-labelledby="faq-heading" className="bg-white px-4 py-20 sm:px-6 render-when-near">
      <div className="mx-auto max-w-3xl">
        <SectionHeading id="faq-heading" title="Frequently asked questions" />
        <Accordion.Root
          type="single"
          collapsible
          defaultValue={FAQ_ITEMS[0].id}
          className="mt-10 divide-y divide-slate-200 rounded-2xl border border-slate-200"
        >
          {FAQ_ITEMS.map((item) => (
            <Accordion.Item key={item.id} value={item.id}>
              <Accordion.Header className="text-base font-semibold text-slate-900">
                <Accordion.Trigger className="group flex w-full items-center justify-between gap-4 px-5 py-4 text-left hover:bg-slate-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-indigo-600">
                  {item.question}
                  <ChevronDownIcon className="size-5 shrink-0 text-slate-500 transition-transform group-data-[state=open]:rotate-180 motion-reduce:transition-none" />
                </Accordion.Trigger>
              </Accordion.Header>
              <Accordion.Content className="px-5 pb-5 text-slate-600">{item.answer}</Accordion.Content>
            </Accordion.Item>
          ))}
        </Accordion.Root>
      </div>
    </section>
  );
}
