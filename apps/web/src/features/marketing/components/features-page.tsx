import { ButtonLink } from '@/components/ui/button';
import { ComingSoon } from '@/components/ui/coming-soon';

/** `/features`: reached from 'Discover All Features'. */
export function FeaturesPage() {
  return (
    <ComingSoon title="Features">
      <p>The full features page is coming soon.</p>
      <ButtonLink to="/business" variant="secondary" className="mt-8">
        Back to For Business
      </ButtonLink>
    </ComingSoon>
  );
}
