import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { installAreasForWeb } from '@areas/web';
import { App } from './app/App';
import { handleApiError } from './app/errorCatalogue';
import { onApiError } from './api/client';
import { installPaletteKeyBuffer } from './palette/keyBuffer';
import { installTypeAhead } from './lib/typeAhead';
import { initTheme } from './settings/store';
import { useSession } from './stores/session';
import { loadEnglish, useLocale } from './i18n';
import './styles.css';

// The areas before anything reads them (menus, screens, commands, texts).
installAreasForWeb();
onApiError(handleApiError);
initTheme();
// From the first moment, before anything else listens: a key whose target is still on its way
// (a page drawing, a dialog loading) waits for it; then the palette's own keys.
const signedIn = () => Boolean(useSession.getState().token) && !window.location.pathname.startsWith('/user/');
installTypeAhead(signedIn);
installPaletteKeyBuffer(signedIn);

const render = () =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
// A console left in English draws in English from its first frame.
if (useLocale.getState().locale === 'en') void loadEnglish().then(render, render);
else render();
