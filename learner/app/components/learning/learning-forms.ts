import { CertificateDateSchema, ExamPlanSchema } from '@drone-exam/shared/schemas/learning';
import { validateForm } from '../../lib/forms';
import type { FormCheck } from '../../lib/lazy-form';

/**
 * The plan forms' checks, loaded when one is first used (exam-date-form.tsx on the dashboard,
 * plan-settings.tsx on the account page).
 */
export const checkExamPlan: FormCheck = (values) => validateForm(ExamPlanSchema, values);
export const checkCertificateDate: FormCheck = (values) =>
  validateForm(CertificateDateSchema, values);
