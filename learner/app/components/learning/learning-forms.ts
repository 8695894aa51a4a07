import {
  CertificateDateSchema,
  DailyGoalSchema,
  ExamPlanSchema,
} from '@drone-exam/shared/schemas/learning';
import { validateForm } from '../../lib/forms';
import type { FormCheck } from '../../lib/lazy-form';
import { goalNumber } from './goal-number';

/**
 * The plan forms' checks, loaded when one is first used (exam-date-form.tsx on the dashboard,
 * plan-settings.tsx on the account page).
 */
export const checkExamPlan: FormCheck = (values) => validateForm(ExamPlanSchema, values);
export const checkCertificateDate: FormCheck = (values) =>
  validateForm(CertificateDateSchema, values);
/** The goal arrives as the number field's text; the schema wants the number it reads as. */
export const checkDailyGoal: FormCheck = (values) =>
  validateForm(DailyGoalSchema, { ...values, dailyQuestions: goalNumber(values.dailyQuestions) });
