import { Field } from '@drone-exam/shared/ui/ui';

/**
 * Where the question's fact is taught (issue 29): a module's slug and the id of one of its
 * headings, as in the module's address /study/<slug>#<section>. The API checks that the heading
 * exists and answers beside these fields when it does not.
 */
export function LearnMoreFields({
  module,
  section,
  onModuleChange,
  onSectionChange,
  errors,
}: {
  module: string;
  section: string;
  onModuleChange: (value: string) => void;
  onSectionChange: (value: string) => void;
  errors: Record<string, string | undefined>;
}) {
  return (
    <fieldset>
      <legend className="text-sm font-medium text-slate-800">Learn more (optional)</legend>
      <p className="mt-1 text-sm text-slate-600">
        The module section that teaches this question, linked beside the explanations.
      </p>
      <div className="mt-3 grid gap-5 sm:grid-cols-2">
        <Field
          label="Learn more: module slug"
          placeholder="e.g. airspace"
          value={module}
          error={errors['learnMore.moduleSlug'] ?? errors.learnMore}
          onChange={(event) => onModuleChange(event.target.value)}
        />
        <Field
          label="Learn more: section id"
          placeholder="e.g. airspace-classes"
          hint="The heading's id: the part after # in the section's link."
          value={section}
          error={errors['learnMore.sectionId'] ?? errors.alsoTaughtIn}
          onChange={(event) => onSectionChange(event.target.value)}
        />
      </div>
    </fieldset>
  );
}
