import { PageTitle } from '@/components/ui/page-title';
import { HeroSection } from './hero-section';
import { PricingSection } from './pricing-section';

/** `/business`: the landing page for organisers. Its other sections arrive in a later release. */
export function BusinessPage() {
  return (
    <>
      <PageTitle title="For Business" />
      <HeroSection />
      <PricingSection />
    </>
  );
}
