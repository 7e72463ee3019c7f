import { PageTitle } from '@/components/ui/page-title';
import { CtaSection } from './cta-section';
import { FaqSection } from './faq-section';
import { FeaturesSection } from './features-section';
import { HeroSection } from './hero-section';
import { PricingSection } from './pricing-section';
import { StepsSection } from './steps-section';
import { TestimonialsSection } from './testimonials-section';
import { UseCasesSection } from './use-cases-section';

/** `/business`: the landing page for organisers, from the hero down to the closing call to action. */
export function BusinessPage() {
  return (
    <>
      <PageTitle title="For Business" />
      <HeroSection />
      <FeaturesSection />
      <UseCasesSection />
      <StepsSection />
      <TestimonialsSection />
      <PricingSection />
      <FaqSection />
      <CtaSection />
    </>
  );
}
