import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { LoginForm } from '../../features/auth/components/LoginForm.tsx';
import { DocumentRouter } from '../prerendered/document-router.tsx';

/**
 * The form's query client: a sign-in is its only mutation, and the page is left by a page load once it has
 * succeeded. Not the app's client (`IslandProviders`), whose session handling brings zod and the API client with
 * it: those load with the rest of a submit's code, once the form is used (ADR 049).
 */
const queryClient = new QueryClient();

/** The login form, live: hydrated over its prerendered markup (ADR 049), in a chunk of its own. */
export function LoginFormIsland() {
  return (
    <QueryClientProvider client={queryClient}>
      <DocumentRouter>
        <LoginForm />
      </DocumentRouter>
    </QueryClientProvider>
  );
}
