import { flushSync } from 'react-dom';
import { useAdminPath } from '../lib/paths';

/** The console's path to the Content section (e.g. /admin/content), whatever the host's basename. */
export const useContentBase = () => useAdminPath()('content');

/**
 * Shows the errors, then moves focus to the first field marked invalid (a radio group marks its
 * first radio), so keyboard and screen-reader users land on it. The errors are committed first
 * (flushSync), so the field is marked by the time focus moves, however busy the browser is.
 */
export function showErrorsAndFocus(form: HTMLFormElement | null, showErrors: () => void) {
  flushSync(showErrors);
  form?.querySelector<HTMLElement>('[aria-invalid="true"], [data-invalid="true"]')?.focus();
}
