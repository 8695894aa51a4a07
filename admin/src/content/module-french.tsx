import { useState } from 'react';
import { ModuleFrenchSchema, type AdminModule } from '@drone-exam/shared/schemas/content';
import { Field, TextAreaField } from '@drone-exam/shared/ui/ui';
import { FrenchForm, useFrenchForm } from './french';

/**
 * A module's French beside its English (issue 19): title, description, summary and the text in
 * markdown, rendered once on save like the English. Slug, tags, status and order are the English
 * module's.
 */
export function ModuleFrenchEditor({ module }: { module: AdminModule }) {
  const [draft, setDraft] = useState(
    () => module.french ?? { title: '', description: '', summary: '', bodyMarkdown: '' },
  );
  const form = useFrenchForm({
    path: `/admin/modules/${module.id}/french`,
    schema: ModuleFrenchSchema,
    status: module.frenchStatus,
    statusOf: (saved) => saved.module.frenchStatus,
  });
  const text = (key: keyof typeof draft) => ({
    value: draft[key],
    onChange: (event: { target: { value: string } }) =>
      setDraft({ ...draft, [key]: event.target.value }),
    error: form.errors[key],
  });

  return (
    <FrenchForm
      form={form}
      heading={<h3 className="text-lg font-semibold text-slate-900">French</h3>}
      testId="module-french"
      onSubmit={form.submit(draft)}
    >
      <Field label="Title (French)" {...text('title')} required />
      <TextAreaField label="Description (French)" rows={2} {...text('description')} required />
      <TextAreaField label="Summary (French)" rows={3} {...text('summary')} />
      <TextAreaField
        label="Content (French, markdown)"
        rows={16}
        className="font-mono"
        {...text('bodyMarkdown')}
        required
      />
    </FrenchForm>
  );
}
