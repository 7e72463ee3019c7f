import '../index.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppProviders } from './providers';
import { AppRoutes } from './router';

const container = document.getElementById('root');
if (!container) throw new Error('The #root element is missing from index.html.');

const root = createRoot(container);
// As a transition, the first render is done in slices that give the main thread back every few
// milliseconds, instead of one long task that a tap on a slow phone would wait behind (issue 14).
startTransition(() => {
  root.render(
    <StrictMode>
      <AppProviders>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </AppProviders>
    </StrictMode>,
  );
});
