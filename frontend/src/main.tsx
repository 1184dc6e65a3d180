import '@mantine/core/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { AppProvider } from './app/provider';
import { RootErrorBoundary } from './app/root-error-boundary';
import { createRouter } from './app/router';
import { logWindowErrors } from './lib/window-errors';

logWindowErrors();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

createRoot(root).render(
  <StrictMode>
    <AppProvider>
      <RootErrorBoundary>
        <RouterProvider router={createRouter()} />
      </RootErrorBoundary>
    </AppProvider>
  </StrictMode>,
);
