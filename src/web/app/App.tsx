import { BrowserRouter } from 'react-router-dom';
import { Toaster } from 'sonner';
import { ConfirmHost } from '@web/components/dialogs';
import { AppRoutes } from './AppRoutes';
import { NavigationGuard } from './NavigationGuard';

export function App() {
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
