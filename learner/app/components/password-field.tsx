import { forwardRef, useState, type ComponentProps } from 'react';
import { useTranslation } from '../i18n/react';
import { Field } from '@drone-exam/shared/ui/ui';

type Props = Omit<ComponentProps<typeof Field>, 'type' | 'action'>;

/** A password input with a Show/Hide toggle (learner-spec §2). */
export const PasswordField = forwardRef<HTMLInputElement, Props>(
  function PasswordField(props, ref) {
    const { t } = useTranslation();
    const [visible, setVisible] = useState(false);
    return (
      <Field
        ref={ref}
        {...props}
        type={visible ? 'text' : 'password'}
        action={
          <button
            type="button"
            onClick={() => setVisible((shown) => !shown)}
            aria-pressed={visible}
            aria-label={t(visible ? 'password.hideField' : 'password.showField', {
              field: props.label.toLowerCase(),
            })}
            className="rounded-md px-2 py-1 text-xs font-semibold text-sky-700 hover:bg-sky-50 focus-visible:outline-2 focus-visible:outline-sky-600"
          >
            {visible ? t('password.hide') : t('password.show')}
          </button>
        }
      />
    );
  },
);
