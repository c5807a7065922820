import { useEffect } from 'react';
import { BrowserRouter } from 'react-router-dom';
import { useLocale } from '@web/i18n';
import { Toaster } from 'sonner';
import { ConfirmHost } from '@web/components/dialogs';
import { AppRoutes } from './AppRoutes';
import { NavigationGuard } from './NavigationGuard';

export function App() {
  const locale = useLocale((state) => state.locale);
  // Screen readers and the browser's own texts (spell check, translation offers) follow the console's language.
  useEffect(() => {
    document.documentElement.lang = locale;
  }, [locale]);
  return (
    <BrowserRouter>
      <NavigationGuard>
        <AppRoutes />
      </NavigationGuard>
      <ConfirmHost />
      <Toaster position="top-right" richColors closeButton />
    </BrowserRouter>
  );
}
