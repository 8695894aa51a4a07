import type { renderMarkdown } from '@drone-exam/shared/markdown';
import { readingTimeLabel } from '@drone-exam/shared/text';
import { Card, TextAreaField } from '@drone-exam/shared/ui/ui';

/** The module's markdown beside its preview, rendered as learners will read it. */
export function ModuleTextCard({
  markdown,
  error,
  onChange,
  rendered,
  readTime,
}: {
  markdown: string;
  error?: string;
  onChange: (markdown: string) => void;
  rendered: ReturnType<typeof renderMarkdown>;
  readTime: number;
}) {
  return (
    <Card>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h4 className="text-base font-semibold text-slate-900">Content</h4>
        <p className="text-sm text-slate-600" data-testid="module-text-stats">
          {rendered.wordCount.toLocaleString('en-CA')} words · {readingTimeLabel(readTime)}
        </p>
      </div>
      <div className="mt-4 grid gap-6 lg:grid-cols-2">
        <TextAreaField
          label="Markdown"
          rows={22}
          value={markdown}
          error={error}
          spellCheck
          className="[&_textarea]:font-mono [&_textarea]:text-sm"
          onChange={(event) => onChange(event.target.value)}
        />
        <section aria-labelledby="module-preview-title" className="min-w-0">
          <h5 id="module-preview-title" className="text-sm font-medium text-slate-800">
            Preview, as learners see it
          </h5>
          {rendered.html ? (
            <div
              data-testid="module-preview"
              className="prose-module mt-1 max-h-[36rem] overflow-y-auto rounded-lg border border-slate-200 bg-white p-4"
              // renderMarkdown is the learners' renderer: no raw HTML, safe links only.
              dangerouslySetInnerHTML={{ __html: rendered.html }}
            />
          ) : (
            <p className="mt-1 rounded-lg border border-dashed border-slate-300 p-4 text-sm text-slate-500">
              Write markdown on the left to see the module here.
            </p>
          )}
        </section>
      </div>
    </Card>
  );
}
