/** What the quiz setup form checks with, loaded when the form is first used (quiz-setup.tsx). */
export { validateForm } from '../../lib/forms';
export { CreateAttemptSchema } from '@drone-exam/shared/schemas/quiz';
