import { ExamPlanSchema } from '@drone-exam/shared/schemas/learning';
import { validateForm } from '../../lib/forms';
import type { FormCheck } from '../../lib/lazy-form';

/** The exam-date form's check, loaded when it is first sent (exam-date-form.tsx on the dashboard). */
export const checkExamPlan: FormCheck = (values) => validateForm(ExamPlanSchema, values);
