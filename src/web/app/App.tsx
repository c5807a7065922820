import { useEffect } from 'react';
import { BrowserRouter } from 'react-router-dom';
import { useLocale } from '@web/i18n';
import { ConfirmHost } from '@web/components/dialogs';
import { ToastHost } from '@web/components/ToastHost';
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
      <ToastHost />
    </BrowserRouter>
  );
}
