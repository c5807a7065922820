import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { installAreasForWeb } from '@areas/web';
import { App } from './app/App';
import { handleApiError } from './app/errorCatalogue';
import { onApiError } from './api/client';
import { installPaletteKeyBuffer } from './palette/keyBuffer';
import { initTheme } from './settings/store';
import { useSession } from './stores/session';
import { loadEnglish, useLocale } from './i18n';
import './styles.css';

// The areas before anything reads them (menus, screens, commands, texts).
installAreasForWeb();
onApiError(handleApiError);
initTheme();
// From the first moment: a key for the palette is never lost to a console still drawing.
installPaletteKeyBuffer(() => Boolean(useSession.getState().token) && !window.location.pathname.startsWith('/user/'));

const render = () =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
// A console left in English draws in English from its first frame.
if (useLocale.getState().locale === 'en') void loadEnglish().then(render, render);
else render();
