import { Link } from 'react-router';
import { PRODUCT_NAME, REGULATOR_DISCLAIMER } from '@drone-exam/shared/constants';

export function SiteFooter() {
  return (
    <footer className="mt-16 border-t border-slate-200 bg-slate-50">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:px-6 md:grid-cols-3 lg:px-8">
        <div>
          <p className="font-semibold text-slate-900">{PRODUCT_NAME}</p>
          <p className="mt-2 text-sm text-slate-600">
            Study for the RPA Pilot Certificate — Basic Operations.
          </p>
        </div>
        <nav aria-label="Footer" className="grid grid-cols-2 gap-2 text-sm">
          <Link className="text-slate-700 hover:underline" to="/study">
            Study modules
          </Link>
          <Link className="text-slate-700 hover:underline" to="/pricing">
            Pricing
          </Link>
          <Link className="text-slate-700 hover:underline" to="/resources">
            Resources
          </Link>
          <Link className="text-slate-700 hover:underline" to="/faq">
            FAQ
          </Link>
          <Link className="text-slate-700 hover:underline" to="/contact">
            Contact
          </Link>
          <Link className="text-slate-700 hover:underline" to="/terms">
            Terms
          </Link>
          <Link className="text-slate-700 hover:underline" to="/privacy">
            Privacy
          </Link>
        </nav>
        <p className="text-sm text-slate-600" data-testid="disclaimer">
          {REGULATOR_DISCLAIMER}
        </p>
      </div>
    </footer>
  );
}
