import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';
import { I18nextProvider } from 'react-i18next';
import { createClientI18n } from './i18n/client';

/** React Router's hydration, inside the page's i18next (its catalogs come with the loaders). */
startTransition(() => {
  hydrateRoot(
    document,
    <I18nextProvider i18n={createClientI18n()}>
      <StrictMode>
        <HydratedRouter />
      </StrictMode>
    </I18nextProvider>,
  );
});
