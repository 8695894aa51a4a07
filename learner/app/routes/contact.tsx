import { Form } from 'react-router';
import { useTranslation } from '../i18n/react';
import type { Route } from './+types/contact';
import {
  CONTACT_FAILURE,
  CONTACT_SUCCESS,
  ContactSchema,
} from '@drone-exam/shared/schemas/contact';
import { userContext } from '../context';
import { serverApi } from '../lib/api.server';
import { validateForm } from '../lib/forms';
import { formObject, type FieldErrors } from '../lib/form-data';
import { metaFromLoader } from '../lib/meta';
import { useFieldMessages, useMessage } from '../i18n/hooks';
import { pageMessages, serverT } from '../i18n/i18n.server';
import {
  Alert,
  Button,
  Card,
  Container,
  Field,
  PageHeader,
  SelectField,
  TextAreaField,
} from '@drone-exam/shared/ui/ui';
import { BotCheck } from '../components/turnstile';
import { staticPage } from '../root';
import { CONTACT_SUBJECTS } from '@drone-exam/shared/schemas/contact-values';

export const meta = metaFromLoader;

/**
 * A plain form post the server checks with the same schema, its errors beside the fields: the page
 * ships no script (issue 27).
 */
export const handle = staticPage;

export async function loader({ context }: Route.LoaderArgs) {
  const user = context.get(userContext);
  const t = serverT(context, 'contact');
  return {
    name: user ? `${user.firstName} ${user.lastName}` : '',
    email: user?.email ?? '',
    meta: { title: t('meta.title'), description: t('meta.description') },
    i18n: pageMessages(context, ['contact']),
  };
}

type ActionResult =
  | { ok: true; message: string }
  | { ok: false; error?: string; errors?: FieldErrors; values: Record<string, unknown> };

export async function action({ request, context }: Route.ActionArgs): Promise<ActionResult> {
  const values = formObject(await request.formData());
  const checked = validateForm(ContactSchema, values);
  if (!checked.ok) return { ok: false, errors: checked.errors, values };
  const { api } = serverApi(context, request);
  const result = await api('/contact', { method: 'POST', body: checked.data });
  if (!result.success)
    return { ok: false, error: result.error || CONTACT_FAILURE, errors: result.fields, values };
  return { ok: true, message: result.data.message || CONTACT_SUCCESS };
}

export default function Contact({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation('contact');
  const message = useMessage();
  const failed = actionData && !actionData.ok ? actionData : null;
  const errors = useFieldMessages(failed?.errors);
  // The first field the server refused takes the focus, as the browser check did.
  const firstError = ['name', 'email', 'subject', 'message'].find((field) => errors[field]);
  const values = failed?.values ?? {};
  const text = (key: string, fallback = '') =>
    typeof values[key] === 'string' ? (values[key] as string) : fallback;

  if (actionData?.ok) {
    return (
      <Container className="max-w-2xl">
        <PageHeader title={t('title')} />
        <Alert tone="success" title={message(actionData.message)} />
      </Container>
    );
  }

  return (
    <Container className="max-w-2xl">
      <PageHeader title={t('title')} intro={t('intro')} />
      <Card>
        {failed?.error && (
          <Alert tone="error" className="mb-6">
            {message(failed.error)}
          </Alert>
        )}
        <Form method="post" noValidate className="space-y-5">
          <Field
            label={t('name')}
            name="name"
            autoComplete="name"
            defaultValue={text('name', loaderData.name)}
            error={errors.name}
            autoFocus={firstError === 'name'}
            required
          />
          <Field
            label={t('email')}
            name="email"
            type="email"
            autoComplete="email"
            defaultValue={text('email', loaderData.email)}
            error={errors.email}
            autoFocus={firstError === 'email'}
            required
          />
          <SelectField
            label={t('subject')}
            name="subject"
            defaultValue={text('subject')}
            error={errors.subject}
            autoFocus={firstError === 'subject'}
            required
          >
            <option value="" disabled>
              {t('chooseSubject')}
            </option>
            {CONTACT_SUBJECTS.map((subject) => (
              <option key={subject} value={subject}>
                {t(`subjects.${subject}`)}
              </option>
            ))}
          </SelectField>
          <TextAreaField
            label={t('message')}
            name="message"
            rows={6}
            defaultValue={text('message')}
            error={errors.message}
            autoFocus={firstError === 'message'}
            required
          />
          <BotCheck />
          <Button type="submit">{t('send')}</Button>
        </Form>
      </Card>
    </Container>
  );
}
