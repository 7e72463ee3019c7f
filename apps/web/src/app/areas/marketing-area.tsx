// The marketing pages, fetched as one chunk when one of them is opened.
export { BusinessPage } from '@/features/marketing/components/business-page';
export { FeaturesPage } from '@/features/marketing/components/features-page';
export { HowItWorksPage } from '@/features/marketing/components/how-it-works-page';
