import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';
import { clientTranslator, loadMessagesWhenIdle } from './i18n/client';
import { TranslatorProvider } from './i18n/react';

/** React Router's hydration, inside the page's translator (its catalogs come with the loaders). */
const translator = clientTranslator();
startTransition(() => {
  hydrateRoot(
    document,
    <TranslatorProvider translator={translator}>
      <StrictMode>
        <HydratedRouter />
      </StrictMode>
    </TranslatorProvider>,
  );
});
loadMessagesWhenIdle(translator);
