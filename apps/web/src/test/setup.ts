import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { preloadVideoCallOverlay } from '@/app/wheel-with-video-call';
import { preloadDialog } from '@/components/ui/dialog';
import { preloadDemoRequestDialog } from '@/features/marketing/components/cta-section';
import {
  preloadMatchesDialog,
  preloadRegistrationDialog,
} from '@/features/wheel/components/wheel-experience';

// Dialogs and the call's screen are fetched on demand, in a browser while it is idle after the
// page loaded (the demo request form when a pointer reaches its button); here before any test,
// so that a test opening one sees it as a person would.
await Promise.all([
  preloadDialog(),
  preloadVideoCallOverlay(),
  preloadRegistrationDialog(),
  preloadMatchesDialog(),
  preloadDemoRequestDialog(),
]);

afterEach(() => {
  cleanup();
  // The bundle budget test runs in Node (it builds the app): there is no page to reset.
  if (typeof window === 'undefined') return;
  localStorage.clear();
  sessionStorage.clear();
  window.history.replaceState(null, '', '/');
});
