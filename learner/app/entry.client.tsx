import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';
import { clientTranslator } from './i18n/client';
import { TranslatorProvider } from './i18n/react';

/** React Router's hydration, inside the page's translator (its catalogs come with the loaders). */
startTransition(() => {
  hydrateRoot(
    document,
    <TranslatorProvider translator={clientTranslator()}>
      <StrictMode>
        <HydratedRouter />
      </StrictMode>
    </TranslatorProvider>,
  );
});
