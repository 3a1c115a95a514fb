import { ChakraProvider } from '@chakra-ui/react';
import { pawlineSystem } from '@pawline/ui';
import { useMemo, useState } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { I18nProvider } from '../i18n/I18nProvider';
import { initialLanguage } from '../i18n/language-choice';
import { SessionProvider } from '../session/SessionProvider';
import { SnackbarProvider } from '../snackbar/SnackbarProvider';
import { shellRoutes } from './routes';

export function App() {
  const [language] = useState(() => initialLanguage(window.localStorage, navigator.languages ?? [navigator.language]));
  const router = useMemo(() => createBrowserRouter(shellRoutes), []);
  return (
    <ChakraProvider value={pawlineSystem}>
      <I18nProvider language={language}>
        <SnackbarProvider>
          <SessionProvider language={language}>
            <RouterProvider router={router} />
          </SessionProvider>
        </SnackbarProvider>
      </I18nProvider>
    </ChakraProvider>
  );
}
