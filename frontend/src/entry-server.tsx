/** Build-time prerender of the public pages (scripts/prerender.mjs imports the SSR build of this file). */
import { renderToString } from 'react-dom/server';
import { createMemoryRouter } from 'react-router-dom';
import { App, createQueryClient, resolveLazyRoutes, routes, startSignedOut } from './app/app';
import { PRERENDERED_PATHS } from './app/prerendered';

export { PRERENDERED_PATHS };

/** The HTML of the app at `path`, as a signed-out visitor first sees it. */
export async function render(path: string): Promise<string> {
  await resolveLazyRoutes(routes, path);
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const queryClient = createQueryClient();
  startSignedOut(queryClient);
  try {
    return renderToString(<App router={router} queryClient={queryClient} />);
  } finally {
    router.dispose();
    queryClient.clear();
  }
}
