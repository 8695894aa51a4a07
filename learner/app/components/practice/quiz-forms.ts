/** What the quiz setup form checks with, loaded when it is first sent (quiz-setup.tsx). */
export { validateForm } from '../../lib/forms';
export { CreateAttemptSchema } from '@drone-exam/shared/schemas/quiz';
