import { useDeferredValue, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { renderMarkdown } from '@drone-exam/shared/markdown';
import { ModuleInputSchema, type AdminModule } from '@drone-exam/shared/schemas/content';
import { readingMinutes, slugify } from '@drone-exam/shared/text';
import { fieldErrors } from '@drone-exam/shared/validation';
import {
  Alert,
  Button,
  Card,
  Field,
  LinkButton,
  SelectField,
  TextAreaField,
} from '@drone-exam/shared/ui/ui';
import { ConfirmDialog } from '../components/admin-ui';
import { api, unwrap } from '../lib/api';
import { useContentBase, useEditorForm } from './hooks';
import { ModuleTextCard } from './module-text-card';
import { TagInput } from './tag-input';
import { ExamCheckboxes } from './exam-checkboxes';
import { BASIC_CONTENT_EXAMS, type ExamId } from '@drone-exam/shared/schemas/exam-values';
import { useDeleteModule } from './use-module-actions';
import { MODULE_STATUSES, type ModuleStatus } from '@drone-exam/shared/schemas/study-values';
import { MODULE_DEFAULT_READ_TIME } from '@drone-exam/shared/schemas/content-values';

const STATUS_LABELS: Record<ModuleStatus, string> = {
  draft: 'Draft',
  review: 'In review',
  published: 'Published',
};

type Draft = {
  title: string;
  slug: string;
  description: string;
  summary: string;
  bodyMarkdown: string;
  tags: string[];
  status: ModuleStatus;
  order: string;
  estimatedReadTime: string;
  /** The exams it prepares for (issue 28): both for a Basic module, Advanced only for its own. */
  exams: ExamId[];
};

const EMPTY: Draft = {
  title: '',
  slug: '',
  description: '',
  summary: '',
  bodyMarkdown: '',
  tags: [],
  status: 'draft',
  order: '0',
  estimatedReadTime: String(MODULE_DEFAULT_READ_TIME),
  exams: BASIC_CONTENT_EXAMS,
};

function fromModule(module: AdminModule): Draft {
  return {
    title: module.title,
    slug: module.slug,
    description: module.description,
    summary: module.summary,
    bodyMarkdown: module.bodyMarkdown,
    tags: module.tags,
    status: module.status,
    order: String(module.order),
    estimatedReadTime: String(module.estimatedReadTime),
    exams: module.exams,
  };
}

/** The reading time the text itself gives (the default while there is no text yet). */
function computedReadTime(bodyMarkdown: string, wordCount: number): number {
  return bodyMarkdown.trim() ? readingMinutes(wordCount) : MODULE_DEFAULT_READ_TIME;
}

export function ModuleEditor({ module }: { module?: AdminModule }) {
  const base = useContentBase();
  const navigate = useNavigate();
  const { draft, setDraft, set, form, errors, serverError, setServerError, save, submit } =
    useEditorForm({
      initial: (): Draft => (module ? fromModule(module) : EMPTY),
      send: (payload) =>
        unwrap(
          module
            ? api(`/study/${module.id}`, { method: 'PUT', body: payload })
            : api('/study', { method: 'POST', body: payload }),
        ),
      savedMessage: ({ module: saved }) => `"${saved.title}" was saved`,
      listPath: `${base}/modules`,
    });
  // A new module's slug follows its title until the admin edits the slug (premium-quiz-admin-spec §5).
  const [slugTouched, setSlugTouched] = useState(Boolean(module));
  const [confirmDelete, setConfirmDelete] = useState(false);

  const previewSource = useDeferredValue(draft.bodyMarkdown);
  const rendered = useMemo(() => renderMarkdown(previewSource), [previewSource]);
  const computed = computedReadTime(previewSource, rendered.wordCount);
  // The estimate follows the text until the admin sets one of their own.
  const [readTimeTouched, setReadTimeTouched] = useState(
    () =>
      module !== undefined &&
      module.estimatedReadTime !== computedReadTime(module.bodyMarkdown, module.wordCount),
  );
  const estimatedReadTime = readTimeTouched ? draft.estimatedReadTime : String(computed);

  const remove = useDeleteModule({
    onDeleted: () => void navigate(`${base}/modules`),
    onFailed: (message) => {
      setConfirmDelete(false);
      setServerError(message);
    },
  });

  /** The page's check of the form: the API's own schema, with the read time shown. */
  function check() {
    const checked = ModuleInputSchema.safeParse({ ...draft, estimatedReadTime });
    return checked.success
      ? { ok: true as const, data: checked.data }
      : { ok: false as const, errors: fieldErrors(checked.error) };
  }

  return (
    <form ref={form} noValidate onSubmit={(event) => submit(event, check)} className="space-y-6">
      {serverError && (
        <Alert tone="error" title="The module was not saved">
          {serverError}
        </Alert>
      )}
      <Card className="space-y-5">
        <div className="grid gap-5 md:grid-cols-2">
          <Field
            label="Title"
            required
            value={draft.title}
            error={errors.title}
            onChange={(event) => {
              const title = event.target.value;
              setDraft((current) => ({
                ...current,
                title,
                slug: slugTouched ? current.slug : slugify(title),
              }));
            }}
          />
          <Field
            label="Slug"
            required
            value={draft.slug}
            error={errors.slug}
            hint={`Learners read it at /study/${draft.slug || '…'}`}
            onChange={(event) => {
              setSlugTouched(true);
              set('slug', event.target.value);
            }}
          />
        </div>
        <TextAreaField
          label="Description"
          required
          rows={2}
          value={draft.description}
          error={errors.description}
          onChange={(event) => set('description', event.target.value)}
        />
        <TextAreaField
          label="Summary"
          rows={3}
          value={draft.summary}
          error={errors.summary}
          onChange={(event) => set('summary', event.target.value)}
        />
        <TagInput tags={draft.tags} onChange={(tags) => set('tags', tags)} error={errors.tags} />
        <ExamCheckboxes
          value={draft.exams}
          onChange={(exams) => set('exams', exams)}
          error={errors.exams}
        />
        <div className="grid gap-5 sm:grid-cols-3">
          <SelectField
            label="Status"
            value={draft.status}
            error={errors.status}
            onChange={(event) => set('status', event.target.value as ModuleStatus)}
          >
            {MODULE_STATUSES.map((status) => (
              <option key={status} value={status}>
                {STATUS_LABELS[status]}
              </option>
            ))}
          </SelectField>
          <Field
            label="Order"
            type="number"
            min={0}
            step={1}
            value={draft.order}
            error={errors.order}
            onChange={(event) => set('order', event.target.value)}
          />
          <Field
            label="Estimated read time (minutes)"
            type="number"
            min={1}
            step={1}
            value={estimatedReadTime}
            error={errors.estimatedReadTime}
            hint={
              readTimeTouched && Number(estimatedReadTime) !== computed ? (
                <button
                  type="button"
                  className="font-medium text-sky-800 underline"
                  onClick={() => setReadTimeTouched(false)}
                >
                  Use the computed {computed} min
                </button>
              ) : (
                'Follows the text until you change it'
              )
            }
            onChange={(event) => {
              setReadTimeTouched(true);
              set('estimatedReadTime', event.target.value);
            }}
          />
        </div>
      </Card>

      <ModuleTextCard
        markdown={draft.bodyMarkdown}
        error={errors.bodyMarkdown}
        onChange={(text) => set('bodyMarkdown', text)}
        rendered={rendered}
        readTime={computed}
      />

      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex gap-3">
          <Button type="submit" loading={save.isPending} loadingText="Saving...">
            Save Module
          </Button>
          <LinkButton variant="secondary" to={`${base}/modules`}>
            Cancel
          </LinkButton>
        </div>
        {module && (
          <Button variant="danger" onClick={() => setConfirmDelete(true)}>
            Delete Module
          </Button>
        )}
      </div>
      {module && (
        <ConfirmDialog
          open={confirmDelete}
          title="Delete this module?"
          confirmLabel="Delete"
          danger
          busy={remove.isPending}
          onConfirm={() => remove.mutate(module)}
          onCancel={() => setConfirmDelete(false)}
        >
          “{module.title}” will be deleted. This action cannot be undone.
        </ConfirmDialog>
      )}
    </form>
  );
}
