import { PREMIUM_OFFER } from '@drone-exam/shared/constants';
import { formatCad } from '@drone-exam/shared/text';
import { Card, Container, LinkButton, PageHeader } from '@drone-exam/shared/ui/ui';

/** premium-quiz-admin-spec §2: what a learner without premium sees on /practice. */
export function PremiumRequired() {
  return (
    <Container className="max-w-2xl">
      <PageHeader title="Practice quizzes" />
      <Card className="text-center">
        <h2 className="text-2xl font-bold text-slate-900">Premium Access Required</h2>
        <p className="mt-3 text-slate-600">
          Practice quizzes and timed exams with explanations come with the {PREMIUM_OFFER.name}:{' '}
          {formatCad(PREMIUM_OFFER.amountCents)} once for {PREMIUM_OFFER.durationDays} days, not a
          subscription. Every study module stays free.
        </p>
        <div className="mt-6 flex flex-wrap justify-center gap-3">
          <LinkButton to="/pricing">Upgrade to Premium</LinkButton>
          <LinkButton to="/study" variant="secondary">
            Browse Study Materials
          </LinkButton>
        </div>
      </Card>
    </Container>
  );
}
