import { useTranslation } from '../i18n/react';
import { useMessage } from '../i18n/hooks';
import { LanguageSwitcher, Link } from './links';
import { PRODUCT_NAME, REGULATOR_DISCLAIMER } from '@drone-exam/shared/product';

export function SiteFooter() {
  const { t } = useTranslation();
  const message = useMessage();
  return (
    <footer className="mt-16 border-t border-slate-200 bg-slate-50">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:px-6 md:grid-cols-3 lg:px-8">
        <div>
          <p className="font-semibold text-slate-900">{PRODUCT_NAME}</p>
          <p className="mt-2 text-sm text-slate-600">{t('footer.tagline')}</p>
          <p className="mt-4 text-sm">
            <LanguageSwitcher className="font-medium text-sky-700 underline hover:text-sky-900" />
          </p>
        </div>
        <nav aria-label={t('footer.navLabel')} className="grid grid-cols-2 gap-2 text-sm">
          <Link className="text-slate-700 hover:underline" to="/study">
            {t('footer.study')}
          </Link>
          <Link className="text-slate-700 hover:underline" to="/pricing">
            {t('nav.pricing')}
          </Link>
          <Link className="text-slate-700 hover:underline" to="/advanced">
            {t('footer.advanced')}
          </Link>
          <Link className="text-slate-700 hover:underline" to="/resources">
            {t('nav.resources')}
          </Link>
          <Link className="text-slate-700 hover:underline" to="/faq">
            {t('nav.faq')}
          </Link>
          <Link className="text-slate-700 hover:underline" to="/contact">
            {t('nav.contact')}
          </Link>
          <Link className="text-slate-700 hover:underline" to="/terms">
            {t('footer.terms')}
          </Link>
          <Link className="text-slate-700 hover:underline" to="/privacy">
            {t('footer.privacy')}
          </Link>
        </nav>
        <p className="text-sm text-slate-600" data-testid="disclaimer">
          {message(REGULATOR_DISCLAIMER)}
        </p>
      </div>
    </footer>
  );
}
