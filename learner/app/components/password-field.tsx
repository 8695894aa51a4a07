import { forwardRef, useId, useState, type ComponentProps } from 'react';
import { useRouteLoaderData } from 'react-router';
import { useTranslation } from '../i18n/react';
import { Field } from '@drone-exam/shared/ui/ui';
import type { RootData } from '../root';

type Props = Omit<ComponentProps<typeof Field>, 'type' | 'action'>;

/**
 * A password input with a Show/Hide toggle (learner-spec §2). The button carries what it says in
 * each state, so a page that runs no React in the browser (log in) switches it with
 * `PasswordToggleScript` instead.
 */
export const PasswordField = forwardRef<HTMLInputElement, Props>(
  function PasswordField(props, ref) {
    const { t } = useTranslation();
    const [visible, setVisible] = useState(false);
    const generated = useId();
    const id = props.id ?? generated;
    const field = props.label.toLowerCase();
    const show = { label: t('password.showField', { field }), text: t('password.show') };
    const hide = { label: t('password.hideField', { field }), text: t('password.hide') };
    const now = visible ? hide : show;
    return (
      <Field
        ref={ref}
        {...props}
        id={id}
        type={visible ? 'text' : 'password'}
        action={
          <button
            type="button"
            onClick={() => setVisible((shown) => !shown)}
            aria-pressed={visible}
            aria-label={now.label}
            data-password-toggle={id}
            data-show-label={show.label}
            data-show-text={show.text}
            data-hide-label={hide.label}
            data-hide-text={hide.text}
            className="rounded-md px-2 py-1 text-xs font-semibold text-sky-700 hover:bg-sky-50 focus-visible:outline-2 focus-visible:outline-sky-600"
          >
            {now.text}
          </button>
        }
      />
    );
  },
);

/** Switches a `PasswordField` between shown and hidden from the texts its button carries. */
const TOGGLE = `document.addEventListener('click', function (event) {
  var button = event.target.closest && event.target.closest('button[data-password-toggle]');
  var input = button && document.getElementById(button.dataset.passwordToggle);
  if (!input) return;
  var shown = input.type === 'password';
  var state = shown ? 'hide' : 'show';
  input.type = shown ? 'text' : 'password';
  button.setAttribute('aria-pressed', String(shown));
  button.setAttribute('aria-label', button.getAttribute('data-' + state + '-label'));
  button.textContent = button.getAttribute('data-' + state + '-text');
});`;

/**
 * The password fields' Show/Hide on a page that ships no script (`staticPage`): a few lines
 * inline, with the response's nonce, instead of React for one button.
 */
export function PasswordToggleScript() {
  const nonce = useRouteLoaderData<RootData>('root')?.nonce;
  return <script nonce={nonce} dangerouslySetInnerHTML={{ __html: TOGGLE }} />;
}
