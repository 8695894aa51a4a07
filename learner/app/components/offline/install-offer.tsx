import { useTranslation } from '../../i18n/react';
import { Button } from '@drone-exam/shared/ui/ui';
import { PRODUCT_NAME } from '@drone-exam/shared/product';

/**
 * The install offer itself, loaded only when the browser makes one (install-prompt.tsx). It sits
 * over the page's foot rather than in its flow: the browser makes the offer after the page has
 * loaded, and an offer pushing the page down would move what the learner is reading.
 */
export function InstallOffer({ install, dismiss }: { install: () => void; dismiss: () => void }) {
  const { t } = useTranslation();
  return (
    <section
      aria-labelledby="install-title"
      className="fixed inset-x-2 bottom-2 z-40 flex flex-col gap-3 rounded-xl border border-sky-200 bg-white p-4 shadow-lg sm:right-auto sm:left-4 sm:max-w-md"
    >
      <div>
        <h2 id="install-title" className="font-semibold text-slate-900">
          {t('offline.install.title')}
        </h2>
        <p className="text-sm text-slate-600">
          {t('offline.install.body', { product: PRODUCT_NAME })}
        </p>
      </div>
      <div className="flex gap-2">
        <Button onClick={install}>{t('offline.install.install')}</Button>
        <Button variant="ghost" onClick={dismiss}>
          {t('offline.install.notNow')}
        </Button>
      </div>
    </section>
  );
}
