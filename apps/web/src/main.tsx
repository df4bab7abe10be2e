import '@fontsource/heebo/400.css';
import '@fontsource/heebo/500.css';
import '@fontsource/heebo/600.css';
import '@fontsource/heebo/700.css';
import '@fontsource/heebo/800.css';
import './styles.css';
import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { createQueryClient } from './api/queryClient';
import { i18nReady } from './i18n';
import { createAppRouter } from './router';

const queryClient = createQueryClient();
const router = createAppRouter();

/** Renders once the interface language's texts are loaded, so the first paint is already translated. */
function render() {
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root element');
  createRoot(container).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </StrictMode>,
  );
}

i18nReady.then(render, (error: unknown) => {
  console.warn('Translations failed to load; starting in English', error);
  render();
});
