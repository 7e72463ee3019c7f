import { Avatar } from './avatar';
import { SectionHeading } from './section-heading';

export const TESTIMONIALS = [
  {
    quote:
      'Our online summit finally had the hallway track it was missing. Attendees kept spinning the wheel long after the last session ended.',
    name: 'Sofia Martens',
    role: 'Head of Events, Nordic Product Summit',
    avatar: '/images/testimonials/sofia-martens.svg',
  },
  {
    quote:
      'We use a private wheel for our alumni mentoring evenings. Setup takes minutes and every student meets several mentors in one hour.',
    name: 'Daniel Okafor',
    role: 'Career Services Director, Westbrook University',
    avatar: '/images/testimonials/daniel-okafor.svg',
  },
  {
    quote:
      'After going hybrid, people only talked to their own team. Monthly WheelMeet coffee rounds changed that, and nobody needs to install anything.',
    name: 'Priya Raman',
    role: 'People and Culture Manager, Lumen Logistics',
    avatar: '/images/testimonials/priya-raman.svg',
  },
] as const;

export function TestimonialsSection() {
  return (
    <section aria-labelledby="testimonials-heading" className="bg-indigo-50 px-4 py-20 sm:px-6">
      <div className="mx-auto max-w-6xl">
        <SectionHeading id="testimonials-heading" title="Loved by organisers">
          Event teams, universities and companies use WheelMeet to get people talking.
        </SectionHeading>
        <ul className="mt-12 grid gap-6 lg:grid-cols-3">
          {TESTIMONIALS.map((testimonial) => (
            <li key={testimonial.name}>
              <figure className="flex h-full flex-col rounded-2xl bg-white p-6 shadow-sm">
                <blockquote className="flex-1 text-slate-700">
                  <p>“{testimonial.quote}”</p>
                </blockquote>
                <figcaption className="mt-6 flex items-center gap-4">
                  <Avatar src={testimonial.avatar} alt={`Portrait of ${testimonial.name}`} />
                  <div>
                    <p className="font-semibold text-slate-900">{testimonial.name}</p>
                    <p className="text-sm text-slate-600">{testimonial.role}</p>
                  </div>
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
