import { Form, useNavigation } from 'react-router';
import type { Route } from './+types/contact';
import {
  CONTACT_FAILURE,
  CONTACT_SUCCESS,
  ContactSchema,
} from '@drone-exam/shared/schemas/contact';
import { CONTACT_SUBJECTS } from '@drone-exam/shared/constants';
import { userContext } from '../context';
import { serverApi } from '../lib/api.server';
import { useFormValidation, validateForm } from '../lib/forms';
import { formObject, type FieldErrors } from '../lib/form-data';
import { pageMeta } from '../lib/meta';
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

export const meta: Route.MetaFunction = () =>
  pageMeta('Contact', 'Questions about the exam, the course, billing or the site.');

const SUBJECT_LABELS: Record<(typeof CONTACT_SUBJECTS)[number], string> = {
  general: 'General question',
  'course-info': 'Course information',
  'technical-support': 'Technical support',
  billing: 'Billing',
  partnership: 'Partnership',
  feedback: 'Feedback',
  other: 'Other',
};

export async function loader({ context }: Route.LoaderArgs) {
  const user = context.get(userContext);
  return { name: user ? `${user.firstName} ${user.lastName}` : '', email: user?.email ?? '' };
}

type ActionResult =
  | { ok: true; message: string }
  | { ok: false; error?: string; errors?: FieldErrors; values: Record<string, unknown> };

export async function action({ request, context }: Route.ActionArgs): Promise<ActionResult> {
  const values = formObject(await request.formData());
  const checked = validateForm(ContactSchema, values);
  if (!checked.ok) return { ok: false, errors: checked.errors, values };
  const { api } = serverApi(context, request);
  const result = await api<{ message: string }>('/contact', { method: 'POST', body: checked.data });
  if (!result.success)
    return { ok: false, error: result.error || CONTACT_FAILURE, errors: result.fields, values };
  return { ok: true, message: result.data.message || CONTACT_SUCCESS };
}

export default function Contact({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === 'submitting';
  const failed = actionData && !actionData.ok ? actionData : null;
  const { errors, check } = useFormValidation(ContactSchema, failed?.errors);
  const values = failed?.values ?? {};
  const text = (key: string, fallback = '') =>
    typeof values[key] === 'string' ? (values[key] as string) : fallback;

  if (actionData?.ok) {
    return (
      <Container className="max-w-2xl">
        <PageHeader title="Contact us" />
        <Alert tone="success" title={actionData.message} />
      </Container>
    );
  }

  return (
    <Container className="max-w-2xl">
      <PageHeader
        title="Contact us"
        intro="Ask about the exam, the modules, your account or a payment. We reply by email."
      />
      <Card>
        {failed?.error && (
          <Alert tone="error" className="mb-6">
            {failed.error}
          </Alert>
        )}
        <Form method="post" noValidate className="space-y-5" onSubmit={check}>
          <Field
            label="Name"
            name="name"
            autoComplete="name"
            defaultValue={text('name', loaderData.name)}
            error={errors.name}
            required
          />
          <Field
            label="Email"
            name="email"
            type="email"
            autoComplete="email"
            defaultValue={text('email', loaderData.email)}
            error={errors.email}
            required
          />
          <SelectField
            label="Subject"
            name="subject"
            defaultValue={text('subject')}
            error={errors.subject}
            required
          >
            <option value="" disabled>
              Choose a subject
            </option>
            {CONTACT_SUBJECTS.map((subject) => (
              <option key={subject} value={subject}>
                {SUBJECT_LABELS[subject]}
              </option>
            ))}
          </SelectField>
          <TextAreaField
            label="Message"
            name="message"
            rows={6}
            defaultValue={text('message')}
            error={errors.message}
            required
          />
          <BotCheck />
          <Button type="submit" loading={busy} loadingText="Sending…">
            Send message
          </Button>
        </Form>
      </Card>
    </Container>
  );
}
